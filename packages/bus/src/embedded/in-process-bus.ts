import { encodeBatch, encodeValueBatch } from '../encode-batch';
import {
  maxAttemptsOf,
  type ConsumerLag,
  type DeadLetterCount,
  type MessageBus,
  type MessageHandler,
  type OutgoingMessage,
  type SubscribeOptions,
  type Subscription,
} from '../message-bus';
import { JsonCodec, type MessageCodec } from '../codec';
import { ConsumerGroup, GroupMember, type GroupHost } from './consumer-group';
import { TopicLog, type LoggedMessage, type LoggedPayload } from './topic-log';
import { DeadLetterTally, deadLetterHeaders, deadLetterTopic } from '../dead-letter';

export interface InProcessBusOptions {
  /**
   * Defaults to plain JSON (bytes decoded into a new value per delivery); pass the schema-validating
   * codec to check messages as Kafka would and share one frozen value between consumers.
   */
  codec?: MessageCodec;
  /** Virtual partitions per topic. Default 8. */
  partitions?: number;
  /** Messages kept per partition for late `fromBeginning` subscribers. Default 10 000. */
  retentionPerPartition?: number;
  /** Backoff before the first retry of a failed handler; doubles with every attempt. Default 10 ms. */
  retryBackoffMs?: number;
}

/**
 * The embedded message bus: Kafka's delivery semantics in one process. Per-key order through hashed
 * virtual partitions, consumer groups with committed positions, at-least-once with retries and a
 * dead-letter topic, and values that always pass through the codec: its bytes, or, from a codec that
 * offers `encodeValue` (the schema-checking one), one frozen plain-JSON value shared by all consumers.
 */
export class InProcessBus implements MessageBus, GroupHost {
  readonly codec: MessageCodec;
  readonly retryBackoffMs: number;
  private readonly partitionCount: number;
  private readonly retention: number;
  private readonly topics = new Map<string, TopicLog>();
  private readonly groups = new Map<string, ConsumerGroup>();
  private readonly deadLettered = new DeadLetterTally();
  private closed = false;

  constructor(options: InProcessBusOptions = {}) {
    this.codec = options.codec ?? new JsonCodec();
    this.retryBackoffMs = options.retryBackoffMs ?? 10;
    this.partitionCount = options.partitions ?? 8;
    this.retention = options.retentionPerPartition ?? 10_000;
    if (!Number.isInteger(this.partitionCount) || this.partitionCount < 1) {
      throw new RangeError(`partitions must be a positive integer, got ${this.partitionCount}`);
    }
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    const payloads = await this.encode(topic, messages);
    this.assertOpen();
    messages.forEach((message, i) => this.append(topic, message.key, payloads[i]!, { ...message.headers }));
  }

  /**
   * The codec's frozen values where it offers them (`encodeValue`): checked once, copied once, shared
   * by every consumer group, with no bytes in between. Otherwise its bytes, decoded per delivery.
   */
  private async encode(topic: string, messages: OutgoingMessage[]): Promise<LoggedPayload[]> {
    const codec = this.codec;
    const { encodeValue } = codec;
    if (encodeValue) {
      const values = encodeValueBatch((name, value) => encodeValue.call(codec, name, value), topic, messages);
      return values.map((value) => ({ value }));
    }
    return (await encodeBatch(codec, topic, messages)).map((bytes) => ({ bytes }));
  }

  async subscribe(options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    this.assertOpen();
    const maxAttempts = maxAttemptsOf(options);
    let group = this.groups.get(options.groupId);
    if (!group) {
      group = new ConsumerGroup(options.groupId, this);
      this.groups.set(options.groupId, group);
    }
    const member = new GroupMember(new Set(options.topics), handler, maxAttempts, options.accepts);
    group.join(member, options.fromBeginning ?? false);
    const joined = group;
    return { stop: () => joined.leave(member) };
  }

  async consumerLag(): Promise<ConsumerLag[]> {
    return [...this.groups.values()].flatMap((group) =>
      group.lag().map((lag) => ({ groupId: group.groupId, ...lag })),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.groups.values()].map((group) => group.stopAll()));
  }

  isClosed(): boolean {
    return this.closed;
  }

  topic(name: string): TopicLog {
    let topic = this.topics.get(name);
    if (!topic) {
      topic = new TopicLog(name, this.partitionCount, this.retention);
      this.topics.set(name, topic);
    }
    return topic;
  }

  deadLetters(): DeadLetterCount[] {
    return this.deadLettered.counts();
  }

  /** Moves the original bytes (or frozen value) unchanged, so the dead letter is exactly what the producer sent. */
  async deadLetter(topic: string, message: LoggedMessage, reason: string, attempts: number): Promise<void> {
    this.deadLettered.count(topic);
    this.append(
      deadLetterTopic(topic),
      message.key,
      message.payload,
      deadLetterHeaders(message.headers, topic, reason, attempts),
    );
  }

  private append(
    topicName: string,
    key: string,
    payload: LoggedPayload,
    headers: Record<string, string>,
  ): void {
    const topic = this.topic(topicName);
    const partition = topic.append(key, payload, headers);
    let lowestLiveCursor = Infinity;
    for (const group of this.groups.values()) {
      group.kick(topicName, partition);
      lowestLiveCursor = Math.min(lowestLiveCursor, group.liveCursor(topicName, partition));
    }
    topic.partitions[partition]!.trim(lowestLiveCursor);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the message bus is closed');
  }
}
