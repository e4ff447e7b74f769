import type { Logger } from '@gw/platform';
import type { Admin, Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import { CodecUnavailableError, type MessageCodec } from '../codec';
import { reasonOf } from '../dead-letter';
import type { IncomingMessage, MessageHandler, SubscribeOptions, Subscription } from '../message-bus';
import { onFatalCrash } from './fatal-crash';
import { headersOf } from './kafka-headers';
import { retryRetriable, sleep, within } from './time-bounds';
import type { TopicCatalog } from './topic-catalog';

/** Consumer group timings. Kafka's defaults suit production; tests shrink them to join in milliseconds. */
export interface ConsumerTuning {
  sessionTimeout: number;
  heartbeatInterval: number;
  rebalanceTimeout: number;
  /** Longest a fetch waits for new messages; also bounds how long stop() waits for an idle fetch. */
  maxWaitTimeInMs: number;
  /** Partitions one member handles at once (each partition stays one message at a time). */
  partitionsConsumedConcurrently: number;
  /**
   * Longest a handled message's offset waits to be committed: the offsets every partition handled in
   * that time go in one commit request (see COMMIT_EVERY_MESSAGES).
   */
  commitIntervalMs: number;
}

/** What a member needs from the bus that created it. */
export interface MemberHost {
  readonly kafka: Kafka;
  readonly admin: Admin;
  readonly catalog: TopicCatalog;
  readonly codec: MessageCodec;
  readonly logger: Logger;
  readonly tuning: ConsumerTuning;
  /** Backoff before the first retry of a failed handler; doubles per attempt up to maxRetryBackoffMs. */
  readonly retryBackoffMs: number;
  readonly maxRetryBackoffMs: number;
  /** Longest subscribe() waits for the group to take the member in. */
  readonly joinTimeoutMs: number;
  deadLetter(topic: string, message: KafkaMessage, reason: string, attempts: number): Promise<void>;
  forget(member: KafkaGroupMember): void;
}

export class SubscribeTimeoutError extends Error {
  constructor(
    readonly groupId: string,
    readonly timeoutMs: number,
  ) {
    super(`consumer group ${groupId} did not assign partitions to the new member within ${timeoutMs} ms`);
    this.name = 'SubscribeTimeoutError';
  }
}

const partitionKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;
/**
 * Handled offsets are committed together: the offsets every partition of the member handled within
 * `commitIntervalMs` (or this many messages, whichever comes first) go in one commit request, and
 * whatever is handled is committed at once when the member stops, a rebalance starts or a partition
 * is sought. A crash redelivers at most that much handled work. Before, each batch ended with its own
 * commit request, and a batch is one partition's: with messages arriving one at a time (a create's
 * command, reply and event), every message cost each consumer group a commit request, about seven
 * per create over the fleet, the largest share of the broker's and the clients' requests.
 */
const COMMIT_EVERY_MESSAGES = 100;

/**
 * One subscription: one kafkajs consumer in the subscription's group. Offsets are committed by hand,
 * only past messages whose handler resolved or that were dead-lettered (kafkajs' resolved offsets),
 * every partition's at once (see COMMIT_EVERY_MESSAGES).
 */
export class KafkaGroupMember implements Subscription {
  private consumer: Consumer | undefined;
  private stopping: Promise<void> | undefined;
  private readonly logger: Logger;
  /** Commits every resolved offset not committed yet (the latest batch's kafkajs functions); unset when none wait. */
  private pendingCommit: (() => Promise<void>) | undefined;
  private handledSinceCommit = 0;
  private commitTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly host: MemberHost,
    private readonly options: SubscribeOptions,
    /** Checked by the bus (maxAttemptsOf). */
    private readonly maxAttempts: number,
    private readonly handler: MessageHandler,
  ) {
    this.logger = host.logger.child({ groupId: options.groupId });
  }

  /** Resolves once the group has assigned this member its partitions, so nothing published later is missed. */
  async start(): Promise<void> {
    try {
      await this.join();
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  private async join(): Promise<void> {
    const { topics, groupId } = this.options;
    const fromBeginning = this.options.fromBeginning ?? false;
    await this.host.catalog.ensure(topics);
    const startPositions = fromBeginning ? new Map<string, string>() : await this.currentEnds();
    const { tuning } = this.host;
    // Stopped (the bus closing) before its consumer exists: that stop had nothing to disconnect.
    if (this.stopping !== undefined) throw new Error(`the subscription of ${groupId} stopped while joining`);
    const consumer = this.host.kafka.consumer({
      groupId,
      sessionTimeout: tuning.sessionTimeout,
      heartbeatInterval: tuning.heartbeatInterval,
      rebalanceTimeout: tuning.rebalanceTimeout,
      maxWaitTimeInMs: tuning.maxWaitTimeInMs,
      allowAutoTopicCreation: false,
      retry: {
        // kafkajs gives up on a consumer after a non-retriable error; a payments consumer must not
        // silently stop, so it restarts (from the committed offsets) until it is stopped.
        restartOnFailure: async (error) => {
          this.logger.error({ err: error }, 'kafka consumer crashed; restarting it');
          return this.stopping === undefined;
        },
      },
    });
    this.consumer = consumer;
    // Offsets handled in the generation that ends are committed while it still may (kafkajs forgets
    // resolved offsets at the rejoin); a commit the broker refuses only means a redelivery.
    consumer.on(consumer.events.REBALANCING, () => void this.commitNow());
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning });
    const joined = this.firstJoin(consumer, startPositions);
    // A crash inside run() rejects `joined` before it is awaited below.
    joined.catch(() => undefined);
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: tuning.partitionsConsumedConcurrently,
      eachBatch: (payload) => this.consume(payload),
    });
    const pinned = await within(
      joined,
      this.host.joinTimeoutMs,
      () => new SubscribeTimeoutError(groupId, this.host.joinTimeoutMs),
    );
    await this.commitStartPositions(consumer, pinned);
  }

  stop(): Promise<void> {
    this.stopping ??= this.disconnect();
    return this.stopping;
  }

  private async disconnect(): Promise<void> {
    // kafkajs' disconnect stops fetching, waits for the batch in hand (whose handler commits as it
    // finishes), and only then leaves the group.
    const consumer = this.consumer;
    try {
      if (consumer) disconnectLateStart(consumer);
      // What finished batches handled; a batch still in hand commits its own as it ends (stopping is set).
      await this.commitNow();
      await consumer?.disconnect();
    } finally {
      clearTimeout(this.commitTimer);
      this.host.forget(this);
    }
  }

  /**
   * The end of every partition that has no committed offset for this group, read before joining.
   * kafkajs resolves "latest" only at the first fetch, after the join: a message published between
   * the join and that fetch would be skipped. Starting at these ends instead cannot skip it.
   */
  private async currentEnds(): Promise<Map<string, string>> {
    const { admin } = this.host;
    const { groupId, topics } = this.options;
    const committed = await retryRetriable(() => admin.fetchOffsets({ groupId, topics }));
    const uncommitted = new Set(
      committed.flatMap(({ topic, partitions }) =>
        partitions
          .filter(({ offset }) => offset === '-1')
          .map(({ partition }) => partitionKey(topic, partition)),
      ),
    );
    const ends = new Map<string, string>();
    for (const topic of topics) {
      for (const { partition, high } of await retryRetriable(() => admin.fetchTopicOffsets(topic))) {
        const key = partitionKey(topic, partition);
        if (uncommitted.has(key)) ends.set(key, high);
      }
    }
    return ends;
  }

  /**
   * Waits for the first assignment and seeks its uncommitted partitions to the ends read before
   * joining. The seek must happen inside the event, before the first fetch; later rebalances find
   * those positions committed.
   */
  private firstJoin(
    consumer: Consumer,
    startPositions: Map<string, string>,
  ): Promise<Array<{ topic: string; partition: number; offset: string }>> {
    return new Promise((resolve, reject) => {
      let joined = false;
      const removeJoin = consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        if (joined) return;
        joined = true;
        const pinned: Array<{ topic: string; partition: number; offset: string }> = [];
        for (const [topic, partitions] of Object.entries(payload.memberAssignment)) {
          for (const partition of partitions) {
            const offset = startPositions.get(partitionKey(topic, partition));
            if (offset === undefined) continue;
            consumer.seek({ topic, partition, offset });
            pinned.push({ topic, partition, offset });
          }
        }
        removeJoin();
        removeCrash();
        resolve(pinned);
      });
      // A restarted consumer joins in its turn, bounded by joinTimeoutMs.
      const removeCrash = onFatalCrash(consumer, (error) => {
        removeJoin();
        removeCrash();
        reject(error);
      });
    });
  }

  /** Makes the start positions durable, so a member that takes a partition over later starts there too. */
  private async commitStartPositions(
    consumer: Consumer,
    pinned: Array<{ topic: string; partition: number; offset: string }>,
  ): Promise<void> {
    if (pinned.length === 0) return;
    try {
      await consumer.commitOffsets(pinned);
    } catch (error) {
      // A rebalance already under way: the member that gets the partition reads its own start.
      this.logger.debug({ err: error }, 'could not commit start positions');
    }
  }

  private async consume(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    try {
      for (const message of batch.messages) {
        if (!isRunning() || isStale()) return;
        const done = await this.deliver(batch.topic, batch.partition, message, payload);
        if (!done) return;
        resolveOffset(message.offset);
        await this.handled(payload);
        await heartbeat();
      }
    } finally {
      if (this.stopping !== undefined || !isRunning() || isStale()) await this.commitNow();
    }
  }

  /**
   * Counts a handled message (its offset resolved): commits at once every COMMIT_EVERY_MESSAGES, else
   * within commitIntervalMs.
   */
  private async handled(payload: EachBatchPayload): Promise<void> {
    const { commitOffsetsIfNecessary, uncommittedOffsets } = payload;
    // Explicit offsets go straight to the coordinator, even while the member stops.
    this.pendingCommit = async () => {
      await commitOffsetsIfNecessary(uncommittedOffsets());
    };
    if (++this.handledSinceCommit >= COMMIT_EVERY_MESSAGES) return this.commitNow();
    this.commitTimer ??= setTimeout(() => void this.commitNow(), this.host.tuning.commitIntervalMs);
  }

  /** Commits every partition's handled offsets now, in one request; a failed commit is tried again later. */
  private async commitNow(): Promise<void> {
    clearTimeout(this.commitTimer);
    this.commitTimer = undefined;
    const commit = this.pendingCommit;
    this.pendingCommit = undefined;
    this.handledSinceCommit = 0;
    if (!commit) return;
    try {
      await commit();
    } catch (error) {
      // The offsets stay resolved and uncommitted in kafkajs: the next commit carries them. A member
      // that lost its partitions meanwhile has them redelivered to the next owner (at least once).
      this.logger.debug({ err: error }, 'could not commit handled offsets');
      this.pendingCommit ??= commit;
      if (this.stopping === undefined)
        this.commitTimer ??= setTimeout(() => void this.commitNow(), this.host.tuning.commitIntervalMs);
    }
  }

  /**
   * Handles one message: true once handled, dead-lettered or skipped (`accepts` refused its headers),
   * false if given up because the member stops.
   */
  private async deliver(
    topic: string,
    partition: number,
    message: KafkaMessage,
    payload: EachBatchPayload,
  ): Promise<boolean> {
    const { accepts } = this.options;
    if (accepts && !accepts(headersOf(message.headers))) return true;
    let value: unknown;
    for (let wait = 1; ; wait++) {
      try {
        if (!message.value) throw new Error('the message has no value');
        value = await this.host.codec.decode(topic, message.value);
        break;
      } catch (error) {
        if (error instanceof CodecUnavailableError) {
          this.logger.warn(
            { topic, partition, offset: message.offset, err: error },
            'codec unavailable; waiting',
          );
          if (!(await this.wait(this.backoff(wait), payload))) return false;
          continue;
        }
        // Decoding is deterministic: retrying a message that cannot be decoded only blocks its partition.
        this.logger.error({ topic, partition, offset: message.offset, err: error }, 'undecodable message');
        await this.host.deadLetter(topic, message, `undecodable: ${reasonOf(error)}`, 1);
        return true;
      }
    }
    const key = message.key?.toString('utf8') ?? '';
    for (let attempt = 1; ; attempt++) {
      const incoming: IncomingMessage = {
        topic,
        key,
        value,
        headers: headersOf(message.headers),
        offset: message.offset,
      };
      try {
        await this.handler(incoming);
        return true;
      } catch (error) {
        const context = { topic, partition, offset: message.offset, key, attempt, err: error };
        if (attempt >= this.maxAttempts) {
          this.logger.error(context, 'message handler failed for the last time; dead-lettering the message');
          await this.host.deadLetter(topic, message, reasonOf(error), attempt);
          return true;
        }
        this.logger.warn(context, 'message handler failed; retrying');
      }
      if (!(await this.wait(this.backoff(attempt), payload))) return false;
    }
  }

  /** The backoff after the `attempt`th failure: retryBackoffMs, doubling per attempt, up to maxRetryBackoffMs. */
  private backoff(attempt: number): number {
    return Math.min(this.host.retryBackoffMs * 2 ** (attempt - 1), this.host.maxRetryBackoffMs);
  }

  /**
   * Waits out a retry backoff while heartbeating, so a long backoff does not cost the member its
   * partitions. False when the member is stopping: the message stays uncommitted for the next owner.
   * A rebalance surfaces as an error from heartbeat(), which kafkajs answers by rejoining.
   */
  private async wait(ms: number, { heartbeat, isRunning, isStale }: EachBatchPayload): Promise<boolean> {
    const until = Date.now() + ms;
    for (;;) {
      if (!isRunning() || isStale()) return false;
      const left = until - Date.now();
      if (left <= 0) return true;
      await sleep(Math.min(left, this.host.tuning.heartbeatInterval));
      await heartbeat();
    }
  }
}

/**
 * kafkajs' disconnect does nothing to a start that is joining the group at that moment (the first
 * start, or a restart after a crash: its runner is not running yet, so stopping it is a no-op): that
 * start then reconnects, joins and fetches for good, holding the process open. Once such a start
 * fetches, it is disconnected again.
 */
function disconnectLateStart(consumer: Consumer): void {
  const removeFetchStart = consumer.on(consumer.events.FETCH_START, () => {
    removeFetchStart();
    void consumer.disconnect().catch(() => undefined);
  });
}
