import type { MessageBus } from '../message-bus';
import {
  REPLY_HEADERS,
  RequestCancelledError,
  RequestReplyClient,
  RequestTimeoutError,
  replyTo,
} from '../request-reply';
import { sleep, type BusHarness } from './bus-harness';

/** The bus as one client instance sees it, counting the messages delivered to that instance's handlers. */
function countingBus(bus: MessageBus): MessageBus & { delivered: number } {
  const counting = {
    delivered: 0,
    publish: bus.publish.bind(bus),
    subscribe: (
      options: Parameters<MessageBus['subscribe']>[0],
      handler: Parameters<MessageBus['subscribe']>[1],
    ) =>
      bus.subscribe(options, async (message) => {
        counting.delivered++;
        await handler(message);
      }),
    consumerLag: () => bus.consumerLag(),
    deadLetters: () => bus.deadLetters(),
    close: () => bus.close(),
  };
  return counting;
}

/** Request/reply over the bus, as gateways use it to await the payments service. */
export function describeRequestReplyContract(h: BusHarness): void {
  describe('request/reply', () => {
    const clients: RequestReplyClient[] = [];
    const startClient = async (
      repliesTopic: string,
      timeoutMs = h.deliveryTimeoutMs,
      bus: MessageBus = h.bus,
      instanceId?: string,
    ) => {
      const client = new RequestReplyClient(bus, {
        repliesTopic,
        timeoutMs,
        ...(instanceId === undefined ? {} : { instanceId }),
      });
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

    it('delivers to each instance only the replies to its own requests', async () => {
      const commands = h.topic('rr-own-commands');
      const replies = h.topic('rr-own-replies');
      await startResponder(commands, replies);
      const buses = [countingBus(h.bus), countingBus(h.bus)];
      const gateways = [
        await startClient(replies, h.deliveryTimeoutMs, buses[0]),
        await startClient(replies, h.deliveryTimeoutMs, buses[1]),
      ];
      const asked = [10, 3];

      await Promise.all(
        gateways.flatMap((gateway, g) =>
          Array.from({ length: asked[g]! }, (_, i) => gateway.request(commands, `payment-${g}-${i}`, i)),
        ),
      );
      // Every reply of the first round was published before this round is asked: replies to the other
      // instance, were they delivered here, would have had this round's time to arrive.
      await Promise.all(gateways.map((gateway, g) => gateway.request(commands, `last-${g}`, 'last')));

      expect(buses.map((bus) => bus.delivered)).toEqual([asked[0]! + 1, asked[1]! + 1]);
    });

    it('answers an instance that restarted under the same name on the inbox it rejoined', async () => {
      const commands = h.topic('rr-restart-commands');
      const replies = h.topic('rr-restart-replies');
      await startResponder(commands, replies);
      const before = await startClient(replies, h.deliveryTimeoutMs, h.bus, 'gateway-restarting');
      await expect(before.request(commands, 'p-1', 'first life')).resolves.toMatchObject({
        echo: 'first life',
      });
      await before.stop();

      const after = await startClient(replies, h.deliveryTimeoutMs, h.bus, 'gateway-restarting');

      expect(after.inbox).toBe(before.inbox);
      await expect(after.request(commands, 'p-2', 'second life')).resolves.toMatchObject({
        echo: 'second life',
      });
    });

    it('answers a request that names no inbox on the replies topic itself', async () => {
      const replies = h.topic('rr-legacy-replies');
      const received = await h.collect({
        topics: [replies],
        groupId: h.group('legacy'),
        fromBeginning: true,
      });
      const request = {
        topic: 'payments.commands',
        key: 'k',
        value: null,
        headers: { [REPLY_HEADERS.correlationId]: 'c-1', [REPLY_HEADERS.replyTo]: 'gateway-before-inboxes' },
        offset: '3',
      };

      await replyTo(h.bus, replies, request, 'reply');

      await h.eventually(() => expect(received.map((message) => message.value)).toEqual(['reply']));
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

    it('refuses to reply on a topic that is not an inbox of the replies topic', async () => {
      const replies = h.topic('rr-hijack');
      const request = {
        topic: 'payments.commands',
        key: 'k',
        value: null,
        headers: {
          [REPLY_HEADERS.correlationId]: 'c-1',
          [REPLY_HEADERS.replyTo]: 'gateway-1',
          [REPLY_HEADERS.replyTopic]: 'payments.events',
        },
        offset: '9',
      };

      await expect(replyTo(h.bus, replies, request, 'reply')).rejects.toThrow(/not an inbox of/);
    });
  });
}
