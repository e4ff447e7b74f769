import { RequestReplyClient, RequestTimeoutError, type MessageBus, type Subscription } from '../src';

/** A bus whose broker is away: subscribing works, publishing never completes (an idempotent producer retrying). */
function busWithStuckPublish(): MessageBus & { published: number } {
  const subscription: Subscription = { stop: async () => undefined };
  return {
    published: 0,
    async publish() {
      this.published++;
      await new Promise<never>(() => undefined);
    },
    subscribe: async () => subscription,
    consumerLag: async () => [],
    deadLetters: () => [],
    close: async () => undefined,
  };
}

describe('RequestReplyClient', () => {
  it('times out a request whose publish never completes instead of hanging', async () => {
    const bus = busWithStuckPublish();
    const gateway = new RequestReplyClient(bus, { repliesTopic: 'payments.replies', timeoutMs: 50 });
    await gateway.start();

    const outcome = gateway.request('payments.commands', 'payment-1', { type: 'GetStatus' });

    await expect(outcome).rejects.toBeInstanceOf(RequestTimeoutError);
    await expect(outcome).rejects.toMatchObject({ topic: 'payments.commands', timeoutMs: 50 });
    expect(bus.published).toBe(1);
    await gateway.stop();
  });

  it('rejects with the publish error when the publish fails before the timeout', async () => {
    const bus: MessageBus = {
      publish: async () => {
        throw new Error('the message bus is closed');
      },
      subscribe: async () => ({ stop: async () => undefined }),
      consumerLag: async () => [],
      deadLetters: () => [],
      close: async () => undefined,
    };
    // A timeout far beyond the test's own: waiting for it instead of the publish error would fail the test.
    const gateway = new RequestReplyClient(bus, { repliesTopic: 'payments.replies', timeoutMs: 600_000 });
    await gateway.start();

    await expect(gateway.request('payments.commands', 'payment-1', {})).rejects.toThrow(
      'the message bus is closed',
    );
    await gateway.stop();
  });
});
