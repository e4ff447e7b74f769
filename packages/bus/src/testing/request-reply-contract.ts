import { RequestCancelledError, RequestReplyClient, RequestTimeoutError, replyTo } from '../request-reply';
import { sleep, type BusHarness } from './bus-harness';

/** Request/reply over the bus, as gateways use it to await the payments service. */
export function describeRequestReplyContract(h: BusHarness): void {
  describe('request/reply', () => {
    const clients: RequestReplyClient[] = [];
    const startClient = async (repliesTopic: string, timeoutMs = h.deliveryTimeoutMs) => {
      const client = new RequestReplyClient(h.bus, { repliesTopic, timeoutMs });
      clients.push(client);
      await client.start();
      return client;
    };
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.stop()));
    });

    /** A responder that answers every command with `{ answeredBy, echo }` after `delayMs`. */
    const startResponder = async (commands: string, replies: string, delayMs = 0) => {
      await h.subscribe(
        { topics: [commands], groupId: h.group('responder'), fromBeginning: true },
        async (request) => {
          if (delayMs > 0) await sleep(delayMs);
          await replyTo(h.bus, replies, request, { answeredBy: 'payments', echo: request.value });
        },
      );
    };

    it('resolves a request with the responder’s reply', async () => {
      const commands = h.topic('rr-commands');
      const replies = h.topic('rr-replies');
      await startResponder(commands, replies);
      const gateway = await startClient(replies);

      const reply = await gateway.request(commands, 'payment-1', { type: 'CreatePayment', amount: '10.00' });

      expect(reply).toEqual({ answeredBy: 'payments', echo: { type: 'CreatePayment', amount: '10.00' } });
    });

    it('routes each reply to the instance that asked when instances share one replies topic', async () => {
      const commands = h.topic('rr-shared-commands');
      const replies = h.topic('rr-shared-replies');
      await startResponder(commands, replies);
      const gateways = [await startClient(replies), await startClient(replies)];

      const results = await Promise.all(
        gateways.flatMap((gateway, g) =>
          Array.from({ length: 10 }, async (_, i) => {
            const reply = await gateway.request(commands, `payment-${g}-${i}`, { from: g, n: i });
            return { asked: { from: g, n: i }, reply };
          }),
        ),
      );

      for (const { asked, reply } of results) expect(reply).toEqual({ answeredBy: 'payments', echo: asked });
    });

    it('rejects with RequestTimeoutError when nobody answers in time', async () => {
      const gateway = await startClient(h.topic('rr-silent-replies'));
      const startedAt = Date.now();

      const outcome = gateway.request(
        h.topic('rr-unanswered'),
        'payment-1',
        { type: 'GetStatus' },
        { timeoutMs: 100 },
      );

      await expect(outcome).rejects.toBeInstanceOf(RequestTimeoutError);
      await expect(outcome).rejects.toMatchObject({ name: 'RequestTimeoutError', timeoutMs: 100 });
      const elapsed = Date.now() - startedAt;
      expect(elapsed).toBeGreaterThanOrEqual(90);
      expect(elapsed).toBeLessThan(100 + h.deliveryTimeoutMs);
    });

    it('ignores a reply that arrives after its request timed out, and keeps serving', async () => {
      const commands = h.topic('rr-late-commands');
      const replies = h.topic('rr-late-replies');
      await startResponder(commands, replies, 150);
      const gateway = await startClient(replies);

      await expect(gateway.request(commands, 'p-late', 'slow', { timeoutMs: 30 })).rejects.toBeInstanceOf(
        RequestTimeoutError,
      );
      await sleep(200);

      await expect(gateway.request(commands, 'p-next', 'next')).resolves.toEqual({
        answeredBy: 'payments',
        echo: 'next',
      });
    });

    it('rejects pending requests with RequestCancelledError when the client stops', async () => {
      const gateway = await startClient(h.topic('rr-stop-replies'));

      const pending = gateway.request(h.topic('rr-stop-commands'), 'payment-1', 'never answered');
      // Observed before stop(): on a real broker stop() takes I/O time, and a rejection nobody
      // observes by then is reported as unhandled.
      const outcome = pending.catch((error: unknown) => error);
      await sleep(10);
      await gateway.stop();

      expect(await outcome).toBeInstanceOf(RequestCancelledError);
    });

    it('refuses to reply to a message that carries no reply address', async () => {
      const orphan = { topic: 'payments.commands', key: 'k', value: null, headers: {}, offset: '7' };

      await expect(replyTo(h.bus, h.topic('rr-orphan'), orphan, 'reply')).rejects.toThrow(/correlation-id/);
    });
  });
}
