import type { Logger } from '@gw/platform';
import type { Admin } from 'kafkajs';
import { isReplyInbox } from '../reply-inbox';
import { retryRetriable } from './time-bounds';
import type { TopicSpec, TopicSpecs } from './topic-specs';

export interface TopicCreation {
  /**
   * False: create nothing but the reply inboxes (one per request/reply instance, named after it, which
   * no operator can list ahead); any other missing topic is an error naming it.
   */
  create: boolean;
  replicationFactor: number | undefined;
  minInsyncReplicas: number | undefined;
}

/** Topics the cluster lacks while the gateway was told not to create any (KAFKA_CREATE_TOPICS=false). */
export class MissingTopicsError extends Error {
  override readonly name = 'MissingTopicsError';
  constructor(readonly topics: readonly string[]) {
    super(
      `kafka topics missing: ${topics.join(', ')}; create them (with their partitions, see the bus README) ` +
        'or set KAFKA_CREATE_TOPICS=true',
    );
  }
}

/**
 * Makes sure topics exist, with their specs, before anything produces to or consumes from them.
 * The producer and consumers never let the broker auto-create a topic: its default of one partition
 * would silently put every key in one queue.
 */
export class TopicCatalog {
  private readonly ready = new Map<string, Promise<void>>();
  private readonly createdHere = new Set<string>();

  constructor(
    private readonly admin: Admin,
    private readonly specs: TopicSpecs,
    private readonly logger: Logger,
    private readonly creation: TopicCreation,
  ) {}

  /** Creates every declared topic and dead-letter topic, and warns about existing ones that differ. */
  async createDeclared(): Promise<void> {
    await this.ensureSpecs(this.specs.declared());
  }

  /** Ensures `names` and their dead-letter topics exist. Concurrent callers share one creation. */
  async ensure(names: readonly string[]): Promise<void> {
    await this.ensureSpecs(names.flatMap((name) => this.specs.withDeadLetters(name)));
  }

  /** Topics that did not exist when this catalog first needed them, for cleanup in tests. */
  created(): string[] {
    return [...this.createdHere];
  }

  private async ensureSpecs(specs: TopicSpec[]): Promise<void> {
    const missing = specs.filter((spec) => !this.ready.has(spec.name));
    if (missing.length > 0) {
      const creation = this.create(missing);
      for (const spec of missing) this.ready.set(spec.name, creation);
      // A failed creation is retried by the next caller instead of being remembered forever.
      creation.catch(() => {
        for (const spec of missing) if (this.ready.get(spec.name) === creation) this.ready.delete(spec.name);
      });
    }
    await Promise.all(specs.map((spec) => this.ready.get(spec.name)));
  }

  private async create(specs: TopicSpec[]): Promise<void> {
    const metadata = await this.admin.fetchTopicMetadata();
    const existing = new Map(metadata.topics.map((topic) => [topic.name, topic.partitions.length]));
    for (const spec of specs) {
      const partitions = existing.get(spec.name);
      if (partitions !== undefined && partitions !== spec.partitions) {
        // Never repartition automatically: it would move keys to other partitions and break their order.
        this.logger.warn(
          { topic: spec.name, partitions, expectedPartitions: spec.partitions },
          'kafka topic exists with a different partition count; leaving it as it is',
        );
      }
    }
    const toCreate = specs.filter((spec) => !existing.has(spec.name));
    if (toCreate.length === 0) return;
    const refused = this.creation.create ? [] : toCreate.filter((spec) => !isReplyInbox(spec.name));
    if (refused.length > 0) throw new MissingTopicsError(refused.map((spec) => spec.name));
    const { replicationFactor, minInsyncReplicas } = this.creation;
    for (const spec of toCreate) this.createdHere.add(spec.name);
    // kafkajs answers false when the topics exist by then: created by another process at the same
    // moment, or by its own first attempt when it retried a wait for leaders.
    const created = await this.admin
      .createTopics({
        waitForLeaders: true,
        topics: toCreate.map((spec) => ({
          topic: spec.name,
          numPartitions: spec.partitions,
          ...(replicationFactor === undefined ? {} : { replicationFactor }),
          configEntries: Object.entries({
            ...spec.configs,
            ...(minInsyncReplicas === undefined ? {} : { 'min.insync.replicas': String(minInsyncReplicas) }),
          }).map(([name, value]) => ({ name, value })),
        })),
      })
      .catch((error: unknown) => {
        // kafkajs waits for the leaders only through LEADER_NOT_AVAILABLE; a busy broker may first
        // answer that it does not know the new topic yet. The topics exist: wait for them below.
        if (!isUnknownTopic(error)) throw explainCreationFailure(error);
        return false;
      });
    if (!created) {
      // Some were created by someone else, and kafkajs skipped waiting for the leaders of the others.
      const topics = toCreate.map((spec) => spec.name);
      await retryRetriable(() => this.admin.fetchTopicMetadata({ topics }), 20);
      return;
    }
    this.logger.info(
      {
        topics: toCreate.map((spec) => ({ topic: spec.name, partitions: spec.partitions })),
        replicationFactor: replicationFactor ?? 'broker default',
        minInsyncReplicas: minInsyncReplicas ?? 'broker default',
      },
      'created kafka topics',
    );
  }
}

/** kafkajs says only "Topic creation errors"; the broker's reason per topic is inside. */
function explainCreationFailure(error: unknown): unknown {
  const { name, errors } = error as { name?: string; errors?: { topic?: string; message?: string }[] };
  if (name !== 'KafkaJSAggregateError' || !errors?.length) return error;
  const reasons = errors.map((failure) => `${failure.topic ?? '?'}: ${failure.message ?? 'refused'}`);
  return new Error(
    `kafka refused to create topics (check KAFKA_TOPIC_REPLICATION_FACTOR and KAFKA_TOPIC_MIN_INSYNC_REPLICAS against the cluster, or the client's rights): ${reasons.join('; ')}`,
    { cause: error },
  );
}

const isUnknownTopic = (error: unknown): boolean => {
  const { type, cause } = error as { type?: unknown; cause?: { type?: unknown } };
  return type === 'UNKNOWN_TOPIC_OR_PARTITION' || cause?.type === 'UNKNOWN_TOPIC_OR_PARTITION';
};
