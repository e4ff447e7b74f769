import {
  InstanceIds,
  RequestReplyClient,
  RequestTimeoutError,
  type MessageBus,
  type SubscribeOptions,
  type Subscription,
} from '../src';

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

  it('names its consumer group after the process, the same again after a restart, never at random', async () => {
    const groups: string[] = [];
    const bus: MessageBus = {
      publish: async () => undefined,
      subscribe: async (options: SubscribeOptions) => {
        groups.push(options.groupId);
        return { stop: async () => undefined };
      },
      consumerLag: async () => [],
      deadLetters: () => [],
      close: async () => undefined,
    };
    const clients = (ids: InstanceIds) =>
      [1, 2].map(
        () =>
          new RequestReplyClient(bus, {
            repliesTopic: 'payments.replies',
            timeoutMs: 50,
            instanceId: ids.next(),
          }),
      );

    for (const client of clients(new InstanceIds('payments-7d9f-x2k', 1))) await client.start();
    // The container restarted: same pod name, pid 1 again.
    for (const client of clients(new InstanceIds('payments-7d9f-x2k', 1))) await client.start();

    expect(groups).toEqual([
      'replies.payments.replies.payments-7d9f-x2k-1',
      'replies.payments.replies.payments-7d9f-x2k-1-2',
      'replies.payments.replies.payments-7d9f-x2k-1',
      'replies.payments.replies.payments-7d9f-x2k-1-2',
    ]);
  });

  it('defaults to the process’s host and pid, not a random id', () => {
    const client = new RequestReplyClient(busWithStuckPublish(), { repliesTopic: 'r', timeoutMs: 50 });
    expect(client.instanceId).toMatch(new RegExp(`-${process.pid}(-\\d+)?$`));
  });
});
