import { EventEmitter } from 'node:events';
import type { Kafka } from 'kafkajs';
import { redriveDeadLetters } from '../src';

const events = { CRASH: 'consumer.crash' } as const;

type EachMessage = (args: {
  partition: number;
  message: { offset: string; key: Buffer; value: Buffer; headers: Record<string, Buffer> };
}) => Promise<void>;

/**
 * A cluster whose `orders.dlq` holds one dead letter at offset 0 of partition 0, and whose redrive
 * consumer plays `script` when run: the producer's sends are recorded.
 */
function clusterWithOneDeadLetter(
  script: (emit: (payload: object) => void, eachMessage: EachMessage) => void,
) {
  const sent: { topic: string }[] = [];
  const emitter = new EventEmitter();
  const consumer = {
    events,
    on: (event: string, listener: (event: unknown) => void) => {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
    connect: async () => undefined,
    subscribe: async () => undefined,
    // kafkajs runs the consumer in the background: what happens to it comes after run() returned.
    run: async ({ eachMessage }: { eachMessage: EachMessage }) =>
      void setImmediate(() => script((payload) => emitter.emit(events.CRASH, { payload }), eachMessage)),
    pause: () => undefined,
    commitOffsets: async () => undefined,
    disconnect: async () => undefined,
  };
  const kafka = {
    admin: () => ({
      connect: async () => undefined,
      disconnect: async () => undefined,
      listTopics: async () => ['orders', 'orders.dlq'],
      fetchTopicOffsets: async () => [{ partition: 0, low: '0', high: '1', offset: '1' }],
      fetchOffsets: async () => [{ topic: 'orders.dlq', partitions: [{ partition: 0, offset: '-1' }] }],
    }),
    producer: () => ({
      connect: async () => undefined,
      disconnect: async () => undefined,
      send: async ({ topic }: { topic: string }) => void sent.push({ topic }),
    }),
    consumer: () => consumer,
  } as unknown as Kafka;
  return { kafka, sent };
}

const deadLetter = {
  partition: 0,
  message: { offset: '0', key: Buffer.from('order-1'), value: Buffer.from('{}'), headers: {} },
};

describe('redriveDeadLetters when its consumer crashes', () => {
  it('goes on through a crash kafkajs restarts from, such as a coordinator still loading the new group', async () => {
    const loading = Object.assign(
      new Error("The coordinator is loading and hence can't process requests for this group"),
      { retriable: true },
    );
    const { kafka, sent } = clusterWithOneDeadLetter((crash, eachMessage) => {
      crash({ error: loading, groupId: 'orders.dlq.redrive', restart: true });
      // The restarted consumer joins and is handed the dead letter.
      setImmediate(() => void eachMessage(deadLetter));
    });

    await expect(redriveDeadLetters(kafka, { topic: 'orders' })).resolves.toEqual({ redriven: 1 });
    expect(sent).toEqual([{ topic: 'orders' }]);
  });

  it('fails on a crash kafkajs gives up on', async () => {
    const fatal = new Error('not authorized to access group');
    const { kafka, sent } = clusterWithOneDeadLetter((crash) =>
      crash({ error: fatal, groupId: 'orders.dlq.redrive', restart: false }),
    );

    await expect(redriveDeadLetters(kafka, { topic: 'orders' })).rejects.toBe(fatal);
    expect(sent).toEqual([]);
  });
});
