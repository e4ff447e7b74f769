import type { Message, TopicMessages } from 'kafkajs';

/** One produce request to the brokers carrying every topic's messages (kafkajs' `sendBatch`). */
export type SendTopicMessages = (topicMessages: TopicMessages[]) => Promise<unknown>;

interface Queued {
  topic: string;
  messages: Message[];
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Publishes that arrive while a produce request is in flight go out together in the next one. The
 * idempotent producer keeps one request in flight per broker, so concurrent publishes (a payments
 * instance replying to twelve partitions' commands, a gateway sending many creates) queued one
 * request each behind each other; now a burst costs one request, the brokers one append per partition.
 * The first publish after a quiet spell leaves at once. Order is kept: messages go out in the order
 * their publishes were called. When a combined request fails, each publish in it is sent again on its
 * own, so a message the brokers refuse fails its own publish only (a publish that had reached the
 * brokers may then be written twice: at least once, as the bus promises).
 */
export class ProduceBatcher {
  private queued: Queued[] = [];
  private flushing = false;

  constructor(private readonly sendTopicMessages: SendTopicMessages) {}

  send(topic: string, messages: Message[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ topic, messages, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0);
        try {
          await this.sendTopicMessages(byTopic(batch));
          for (const entry of batch) entry.resolve();
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else await this.sendEachAlone(batch);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async sendEachAlone(batch: Queued[]): Promise<void> {
    for (const entry of batch) {
      try {
        await this.sendTopicMessages(byTopic([entry]));
        entry.resolve();
      } catch (error) {
        entry.reject(error);
      }
    }
  }
}

/** The batch's messages per topic, topics and messages in the order they were published. */
function byTopic(batch: Queued[]): TopicMessages[] {
  const topics = new Map<string, Message[]>();
  for (const { topic, messages } of batch) {
    const list = topics.get(topic);
    if (list) list.push(...messages);
    else topics.set(topic, [...messages]);
  }
  return [...topics].map(([topic, messages]) => ({ topic, messages }));
}
