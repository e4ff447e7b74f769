/**
 * The message bus port. Adapters: Kafka (kafkajs) and the embedded in-process bus.
 *
 * Semantics every adapter honours (checked by the shared contract suite):
 * - messages with the same key on the same topic are delivered to a consumer group in publish order;
 * - every consumer group receives every message once (at-least-once; handlers de-duplicate);
 * - within a group, members share the work (one member handles a given key at a time);
 * - a handler's position is committed only after the handler resolves; a handler that throws is retried,
 *   and after `maxAttempts` the message goes to the dead-letter topic `<topic>.dlq` with the reason in headers
 *   (`x-dlq-reason`, `x-dlq-original-topic`, `x-dlq-attempts`, plus the original headers);
 * - handlers never run inside the publisher's call stack;
 * - `subscribe` resolves once the subscription is live: a message published afterwards is delivered even
 *   without `fromBeginning`.
 */
export interface OutgoingMessage {
  key: string;
  value: unknown;
  headers?: Record<string, string>;
}

export interface IncomingMessage {
  topic: string;
  key: string;
  value: unknown;
  headers: Record<string, string>;
  /** Partition-local position, for logs and metrics only. */
  offset: string;
}

export type MessageHandler = (message: IncomingMessage) => Promise<void>;

export interface SubscribeOptions {
  topics: string[];
  groupId: string;
  /** Where a group with no committed position starts: the earliest message, or only new ones. */
  fromBeginning?: boolean;
  /** Attempts before a message is dead-lettered. Default 5. */
  maxAttempts?: number;
  /**
   * Which messages the handler wants, told by their headers alone: one it refuses is skipped before
   * its value is decoded, never delivered, and the group's position moves past it as if handled. For
   * a group that handles few of a topic's messages (see `x-event-type` on `payments.events`). Default:
   * every message.
   */
  accepts?: (headers: Readonly<Record<string, string>>) => boolean;
}

/** Checks what every adapter's subscribe() checks; returns the attempts before dead-lettering. */
export function maxAttemptsOf(options: SubscribeOptions): number {
  if (options.topics.length === 0) throw new Error('subscribe needs at least one topic');
  const maxAttempts = options.maxAttempts ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be a positive integer, got ${maxAttempts}`);
  }
  return maxAttempts;
}

export interface Subscription {
  /** Stops fetching, waits for the in-flight handler, commits its position. Calling it again is harmless. */
  stop(): Promise<void>;
}

/** Messages on a topic that a consumer group has not committed yet, summed over the topic's partitions. */
export interface ConsumerLag {
  groupId: string;
  topic: string;
  messages: number;
}

/** Messages this bus moved from `topic` to its dead-letter topic `<topic>.dlq` since it started. */
export interface DeadLetterCount {
  topic: string;
  messages: number;
}

export interface MessageBus {
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions, handler: MessageHandler): Promise<Subscription>;
  /** The lag of every group this bus subscribed, on each of its topics (metrics). */
  consumerLag(): Promise<ConsumerLag[]>;
  /** What this bus dead-lettered, by original topic (metrics). */
  deadLetters(): DeadLetterCount[];
  close(): Promise<void>;
}
