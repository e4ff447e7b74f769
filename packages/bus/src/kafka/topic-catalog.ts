import type { Logger } from '@gw/platform';
import type { Admin } from 'kafkajs';
import { retryRetriable } from './time-bounds';
import type { TopicSpec, TopicSpecs } from './topic-specs';

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
    private readonly replicationFactor: number | undefined,
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
    for (const spec of toCreate) this.createdHere.add(spec.name);
    // kafkajs answers false when the topics exist by then: created by another process at the same
    // moment, or by its own first attempt when it retried a wait for leaders.
    const created = await this.admin
      .createTopics({
        waitForLeaders: true,
        topics: toCreate.map((spec) => ({
          topic: spec.name,
          numPartitions: spec.partitions,
          ...(this.replicationFactor === undefined ? {} : { replicationFactor: this.replicationFactor }),
          configEntries: Object.entries(spec.configs).map(([name, value]) => ({ name, value })),
        })),
      })
      .catch((error: unknown) => {
        // kafkajs waits for the leaders only through LEADER_NOT_AVAILABLE; a busy broker may first
        // answer that it does not know the new topic yet. The topics exist: wait for them below.
        if (!isUnknownTopic(error)) throw error;
        return false;
      });
    if (!created) {
      // Some were created by someone else, and kafkajs skipped waiting for the leaders of the others.
      const topics = toCreate.map((spec) => spec.name);
      await retryRetriable(() => this.admin.fetchTopicMetadata({ topics }), 20);
      return;
    }
    this.logger.info(
      { topics: toCreate.map((spec) => ({ topic: spec.name, partitions: spec.partitions })) },
      'created kafka topics',
    );
  }
}

const isUnknownTopic = (error: unknown): boolean => {
  const { type, cause } = error as { type?: unknown; cause?: { type?: unknown } };
  return type === 'UNKNOWN_TOPIC_OR_PARTITION' || cause?.type === 'UNKNOWN_TOPIC_OR_PARTITION';
};
