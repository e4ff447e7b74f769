import { EventEmitter } from 'node:events';
import type { ConsumerRunConfig, EachBatchPayload } from 'kafkajs';
import { KafkaGroupMember } from '../src/kafka/kafka-group-member';
import { CONSUMER_EVENTS, fakeMemberHost } from './support/fake-member-host';

const COMMIT_INTERVAL_MS = 1_000;
const events = CONSUMER_EVENTS;

type Offsets = { topics: { topic: string; partitions: { partition: number; offset: string }[] }[] };

/**
 * A kafkajs consumer that joins at once and hands its `eachBatch` to the test, with kafkajs' offset
 * bookkeeping: resolved offsets per partition, and commit requests that the test sees (`requests`).
 */
function fakeConsumer() {
  const emitter = new EventEmitter();
  const resolved = new Map<number, string>();
  const committed = new Map<number, string>();
  const requests: Offsets[] = [];
  const order: string[] = [];
  let eachBatch: ConsumerRunConfig['eachBatch'];
  let running = true;
  let refuseNext = false;
  const consumer = {
    events,
    on: (event: string, listener: (event: unknown) => void) => {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
    connect: async () => undefined,
    subscribe: async () => undefined,
    run: async (config: ConsumerRunConfig) => {
      eachBatch = config.eachBatch;
      setImmediate(() =>
        emitter.emit(events.GROUP_JOIN, { payload: { memberAssignment: { t: [0, 1, 2] } } }),
      );
    },
    seek: () => undefined,
    commitOffsets: async () => undefined,
    disconnect: async () => {
      running = false;
      order.push('disconnect');
    },
  };
  const uncommittedOffsets = (): Offsets => ({
    topics: [
      {
        topic: 't',
        partitions: [...resolved]
          .filter(([partition, offset]) => committed.get(partition) !== offset)
          .map(([partition, offset]) => ({ partition, offset })),
      },
    ].filter((topic) => topic.partitions.length > 0),
  });
  /** Delivers one batch of `count` messages of `partition`, from `first`. */
  const deliver = async (partition: number, first: number, count = 1) => {
    const messages = Array.from({ length: count }, (_, i) => ({
      offset: String(first + i),
      key: Buffer.from('k'),
      value: Buffer.from('{}'),
      headers: {},
      timestamp: '0',
      attributes: 0,
    }));
    const payload = {
      batch: { topic: 't', partition, messages },
      resolveOffset: (offset: string) => resolved.set(partition, String(Number(offset) + 1)),
      heartbeat: async () => undefined,
      isRunning: () => running,
      isStale: () => false,
      uncommittedOffsets,
      commitOffsetsIfNecessary: async (offsets?: Offsets) => {
        if (!offsets) return;
        if (refuseNext) {
          refuseNext = false;
          throw new Error('REBALANCE_IN_PROGRESS');
        }
        if (offsets.topics.length === 0) return;
        requests.push(offsets);
        order.push('commit');
        for (const { partitions } of offsets.topics)
          for (const { partition, offset } of partitions) committed.set(partition, offset);
      },
    } as unknown as EachBatchPayload;
    await eachBatch!(payload);
  };
  return {
    consumer,
    deliver,
    requests,
    order,
    committed,
    refuseNextCommit: () => (refuseNext = true),
    rebalance: () => emitter.emit(events.REBALANCING, { payload: {} }),
  };
}

function member(fake: ReturnType<typeof fakeConsumer>) {
  const host = fakeMemberHost(fake.consumer, {
    tuning: { partitionsConsumedConcurrently: 3, commitIntervalMs: COMMIT_INTERVAL_MS },
  });
  return new KafkaGroupMember(
    host,
    { topics: ['t'], groupId: 'g', fromBeginning: true },
    3,
    async () => undefined,
  );
}

/** A member that has joined, with timers faked from then on (the join itself runs on real ones). */
async function joined() {
  const fake = fakeConsumer();
  const subscription = member(fake);
  await subscription.start();
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  return { fake, subscription };
}

const partitionsOf = (request: Offsets) =>
  request.topics.flatMap(({ partitions }) => partitions.map(({ partition, offset }) => [partition, offset]));

afterEach(() => jest.useRealTimers());

describe('KafkaGroupMember offset commits', () => {
  it('commits what several partitions handled in one request, once the commit interval has passed', async () => {
    const { fake, subscription } = await joined();

    await fake.deliver(0, 0);
    await fake.deliver(1, 0);
    await fake.deliver(2, 5);
    await fake.deliver(0, 1);
    expect(fake.requests).toHaveLength(0);

    await jest.advanceTimersByTimeAsync(COMMIT_INTERVAL_MS);
    expect(fake.requests).toHaveLength(1);
    expect(partitionsOf(fake.requests[0]!)).toEqual([
      [0, '2'],
      [1, '1'],
      [2, '6'],
    ]);
    await subscription.stop();
    expect(fake.requests).toHaveLength(1);
  });

  it('commits at once every 100 messages handled', async () => {
    const { fake, subscription } = await joined();

    await fake.deliver(0, 0, 250);

    expect(fake.requests.map((request) => partitionsOf(request))).toEqual([[[0, '100']], [[0, '200']]]);
    await subscription.stop();
  });

  it('commits what was handled when the subscription stops, before it leaves the group', async () => {
    const { fake, subscription } = await joined();
    await fake.deliver(1, 3);

    await subscription.stop();

    expect(fake.order).toEqual(['commit', 'disconnect']);
    expect(fake.committed.get(1)).toBe('4');
  });

  it('commits what was handled when a rebalance starts', async () => {
    const { fake, subscription } = await joined();
    await fake.deliver(2, 0);

    fake.rebalance();
    await Promise.resolve();

    expect(fake.committed.get(2)).toBe('1');
    await subscription.stop();
  });

  it('carries offsets whose commit the broker refused into the next commit', async () => {
    const { fake, subscription } = await joined();
    await fake.deliver(0, 0);
    fake.refuseNextCommit();

    await jest.advanceTimersByTimeAsync(COMMIT_INTERVAL_MS);
    expect(fake.requests).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(COMMIT_INTERVAL_MS);

    expect(fake.requests.map((request) => partitionsOf(request))).toEqual([[[0, '1']]]);
    await subscription.stop();
  });
});
