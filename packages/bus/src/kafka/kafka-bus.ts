import type { KafkaSecurityConfig, Logger } from '@gw/platform';
import { encodeBatch } from '../encode-batch';
import {
  Partitioners,
  type Kafka,
  type Admin,
  type KafkaMessage,
  type Message,
  type Producer,
} from 'kafkajs';
import { JsonCodec, type MessageCodec } from '../codec';
import { DeadLetterTally, deadLetterHeaders, deadLetterTopic } from '../dead-letter';
import {
  maxAttemptsOf,
  type MessageBus,
  type ConsumerLag,
  type DeadLetterCount,
  type MessageHandler,
  type OutgoingMessage,
  type SubscribeOptions,
  type Subscription,
} from '../message-bus';
import { KafkaGroupMember, type ConsumerTuning, type MemberHost } from './kafka-group-member';
import { rawHeadersOf } from './kafka-headers';
import { kafkaClient, type KafkaConnection } from './kafka-client';
import { checkBrokerCertificates, explainConnectFailure } from './kafka-connect-failure';
import { ProduceBatcher } from './produce-batcher';
import { within } from './time-bounds';
import { TopicCatalog } from './topic-catalog';
import { GATEWAY_TOPIC_SPECS, TopicSpecs, type TopicSpec } from './topic-specs';

export interface KafkaBusOptions {
  brokers: readonly string[];
  clientId: string;
  /** TLS and SASL to the brokers (the engines' `kafkaSecurity`). Default: plaintext, no authentication. */
  security?: KafkaSecurityConfig;
  logger: Logger;
  /** Defaults to plain JSON; the schema-validating or schema-registry codec in practice. */
  codec?: MessageCodec;
  /** Topics created at start with their dead-letter topics. Default: the gateway's topics. */
  topics?: readonly TopicSpec[];
  /** Partitions of a topic that is used without being declared. Default 3. */
  defaultPartitions?: number;
  /** Replication factor of created topics. Default: the broker's `default.replication.factor`. */
  replicationFactor?: number;
  /** `min.insync.replicas` of created topics. Default: the broker's. */
  minInsyncReplicas?: number;
  /** False: create no topic, and fail (start, publish) when one is missing. Default true. */
  createTopics?: boolean;
  consumer?: Partial<ConsumerTuning>;
  /** Backoff before the first retry of a failed handler; doubles per attempt. Default 100 ms. */
  retryBackoffMs?: number;
  /** Ceiling of the retry backoff. Default 5 s. */
  maxRetryBackoffMs?: number;
  /** Longest a publish waits for the brokers' acknowledgement. Default 30 s. */
  publishTimeoutMs?: number;
  /** Longest subscribe() waits for the group to assign partitions. Default 60 s. */
  joinTimeoutMs?: number;
}

export class PublishTimeoutError extends Error {
  constructor(
    readonly topic: string,
    readonly timeoutMs: number,
  ) {
    super(`kafka did not acknowledge the messages published to ${topic} within ${timeoutMs} ms`);
    this.name = 'PublishTimeoutError';
  }
}

/**
 * Kafka's own consumer defaults, except a shorter fetch wait so stop() and rebalances are quick, and
 * as many partitions handled at once as the busiest topics have (12): a member handles each partition
 * one message at a time, so with 4 the payments service had at most 4 commands in flight.
 */
export const DEFAULT_CONSUMER_TUNING: ConsumerTuning = {
  sessionTimeout: 30_000,
  heartbeatInterval: 3_000,
  rebalanceTimeout: 60_000,
  maxWaitTimeInMs: 1_000,
  partitionsConsumedConcurrently: 12,
  commitIntervalMs: 1_000,
};

/**
 * The message bus on Kafka (kafkajs). One idempotent producer; one consumer per subscription, in the
 * subscription's group; offsets committed by hand after the handler; failed handlers retried in place
 * (which holds the partition, keeping the key's order) and then dead-lettered to `<topic>.dlq`.
 */
export class KafkaBus implements MessageBus, MemberHost {
  readonly kafka: Kafka;
  readonly admin: Admin;
  readonly catalog: TopicCatalog;
  readonly codec: MessageCodec;
  readonly logger: Logger;
  readonly tuning: ConsumerTuning;
  readonly retryBackoffMs: number;
  readonly maxRetryBackoffMs: number;
  readonly joinTimeoutMs: number;
  private readonly producer: Producer;
  private readonly produce: ProduceBatcher;
  /** Where and how this bus reaches the brokers, for clients that work beside it (cleanup, tests). */
  readonly connection: KafkaConnection;
  private readonly publishTimeoutMs: number;
  private readonly members = new Set<KafkaGroupMember>();
  private readonly groupIds = new Set<string>();
  private readonly deadLettered = new DeadLetterTally();
  private readonly groupTopics = new Map<string, { topics: Set<string>; fromBeginning: boolean }>();
  private readonly publishing = new Set<Promise<unknown>>();
  private state: 'new' | 'started' | 'closed' = 'new';

  constructor(options: KafkaBusOptions) {
    this.logger = options.logger.child({ component: 'kafka-bus' });
    this.codec = options.codec ?? new JsonCodec();
    this.tuning = { ...DEFAULT_CONSUMER_TUNING, ...options.consumer };
    this.retryBackoffMs = options.retryBackoffMs ?? 100;
    this.maxRetryBackoffMs = options.maxRetryBackoffMs ?? 5_000;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 30_000;
    this.joinTimeoutMs = options.joinTimeoutMs ?? 60_000;
    this.connection = { brokers: options.brokers, clientId: options.clientId, security: options.security };
    this.kafka = kafkaClient(this.connection, options.logger);
    this.admin = this.kafka.admin();
    this.producer = this.kafka.producer({
      // kafkajs requires one request in flight for an idempotent producer to keep per-partition order.
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      // Named explicitly: the Java-compatible murmur2 partitioner, and no kafkajs v2 partitioner warning.
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.produce = new ProduceBatcher((topicMessages) =>
      this.producer.sendBatch({ topicMessages, acks: -1 }),
    );
    const specs = new TopicSpecs(options.topics ?? GATEWAY_TOPIC_SPECS, options.defaultPartitions ?? 3);
    this.catalog = new TopicCatalog(this.admin, specs, this.logger, {
      create: options.createTopics ?? true,
      replicationFactor: options.replicationFactor,
      minInsyncReplicas: options.minInsyncReplicas,
    });
  }

  /**
   * Connects and creates the declared topics (or, told to create none, checks they exist). A broker
   * certificate that is not trusted or refused credentials fail here, saying which setting to fix.
   */
  async start(): Promise<void> {
    if (this.state !== 'new') throw new Error(`the kafka bus cannot start: it is ${this.state}`);
    try {
      await checkBrokerCertificates(this.connection);
      await this.admin.connect();
      await this.producer.connect();
    } catch (error) {
      throw explainConnectFailure(this.connection, error);
    }
    await this.catalog.createDeclared();
    this.state = 'started';
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertStarted();
    const publishing = this.encodeAndSend(topic, messages);
    // close() waits for publishes under way: disconnecting under them would leave kafkajs reconnecting.
    const tracked = publishing.catch(() => undefined);
    this.publishing.add(tracked);
    void tracked.then(() => this.publishing.delete(tracked));
    await publishing;
  }

  private async encodeAndSend(topic: string, messages: OutgoingMessage[]): Promise<void> {
    const encoded = await encodeBatch(this.codec, topic, messages);
    if (messages.length === 0) return;
    await this.catalog.ensure([topic]);
    await this.send(
      topic,
      messages.map((message, i) => ({
        key: message.key,
        value: encoded[i]!,
        headers: { ...message.headers },
      })),
    );
  }

  async subscribe(options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    this.assertStarted();
    const maxAttempts = maxAttemptsOf(options);
    const member = new KafkaGroupMember(this, options, maxAttempts, handler);
    this.members.add(member);
    this.groupIds.add(options.groupId);
    const group = this.groupTopics.get(options.groupId) ?? {
      topics: new Set<string>(),
      fromBeginning: options.fromBeginning ?? false,
    };
    for (const topic of options.topics) group.topics.add(topic);
    this.groupTopics.set(options.groupId, group);
    await member.start();
    return member;
  }

  /**
   * Each partition's high watermark less the group's committed offset. A partition the group never
   * committed counts from where the group starts: its low watermark from the beginning, else nothing
   * (a new reply group starts at the end, and the topic's history is not its backlog).
   */
  async consumerLag(): Promise<ConsumerLag[]> {
    this.assertStarted();
    const ends = new Map<string, Map<number, { low: number; high: number }>>();
    const endsOf = async (topic: string) => {
      let byPartition = ends.get(topic);
      if (!byPartition) {
        const offsets = await this.admin.fetchTopicOffsets(topic);
        byPartition = new Map(
          offsets.map((p) => [p.partition, { low: Number(p.low), high: Number(p.high) }]),
        );
        ends.set(topic, byPartition);
      }
      return byPartition;
    };
    const lags: ConsumerLag[] = [];
    for (const [groupId, { topics, fromBeginning }] of this.groupTopics) {
      const committed = await this.admin.fetchOffsets({ groupId, topics: [...topics] });
      for (const { topic, partitions } of committed) {
        const byPartition = await endsOf(topic);
        let messages = 0;
        for (const { partition, offset } of partitions) {
          const end = byPartition.get(partition);
          if (!end) continue;
          const position = Number(offset) >= 0 ? Number(offset) : fromBeginning ? end.low : end.high;
          messages += Math.max(0, end.high - position);
        }
        lags.push({ groupId, topic, messages });
      }
    }
    return lags;
  }

  /** Stops every subscription (each finishing its message in hand), lets publishes under way end, disconnects. */
  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    await Promise.all([...this.members].map((member) => member.stop()));
    await Promise.all(this.publishing);
    // Also after a failed start, which may have connected one of them.
    await this.producer.disconnect();
    await this.admin.disconnect();
  }

  deadLetters(): DeadLetterCount[] {
    return this.deadLettered.counts();
  }

  /** Moves the original bytes, key and headers unchanged, so the dead letter is what the producer sent. */
  async deadLetter(topic: string, message: KafkaMessage, reason: string, attempts: number): Promise<void> {
    const target = deadLetterTopic(topic);
    await this.catalog.ensure([target]);
    await this.send(target, [
      {
        key: message.key,
        value: message.value,
        headers: deadLetterHeaders(rawHeadersOf(message.headers), topic, reason, attempts),
      },
    ]);
    this.deadLettered.count(topic);
  }

  forget(member: KafkaGroupMember): void {
    this.members.delete(member);
  }

  /** Topics and consumer groups this bus created or joined, for tests that clean up after themselves. */
  footprint(): { topics: string[]; groupIds: string[] } {
    return { topics: this.catalog.created(), groupIds: [...this.groupIds] };
  }

  private async send(topic: string, messages: Message[]): Promise<void> {
    // The idempotent producer retries without end while the brokers are away (kafkajs' default, which
    // its exactly-once bookkeeping needs); the caller gets a clear error instead of waiting forever.
    await within(
      this.produce.send(topic, messages),
      this.publishTimeoutMs,
      () => new PublishTimeoutError(topic, this.publishTimeoutMs),
    );
  }

  private assertStarted(): void {
    if (this.state === 'new') throw new Error('the kafka bus is not started: call start() first');
    if (this.state === 'closed') throw new Error('the message bus is closed');
  }
}
