import type { MessageHandler } from '../message-bus';
import type { MessageCodec } from '../codec';
import type { LoggedMessage, TopicLog } from './topic-log';
import { PartitionWorker } from './partition-worker';

/** What a group needs from the bus it belongs to. */
export interface GroupHost {
  readonly codec: MessageCodec;
  readonly retryBackoffMs: number;
  isClosed(): boolean;
  topic(name: string): TopicLog;
  deadLetter(topic: string, message: LoggedMessage, reason: string, attempts: number): Promise<void>;
}

/** One subscriber in a group. */
export class GroupMember {
  stopped = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly topics: ReadonlySet<string>,
    readonly handler: MessageHandler,
    readonly maxAttempts: number,
    /** SubscribeOptions.accepts. */
    readonly accepts?: (headers: Readonly<Record<string, string>>) => boolean,
  ) {}

  /** Runs the handler off the caller's stack and remembers it until it settles, so stop() can wait for it. */
  run(message: Parameters<MessageHandler>[0]): Promise<void> {
    const running = Promise.resolve().then(() => this.handler(message));
    const tracked = running.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(tracked);
    void tracked.then(() => this.inFlight.delete(tracked));
    return running;
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }
}

/**
 * A consumer group: one cursor per topic partition (its committed position), shared by the members.
 * A partition is assigned to one member at a time, and its worker delivers one message at a time,
 * so a key's messages are handled in order by at most one member at once.
 * Cursors outlive the members, like committed offsets in Kafka.
 */
export class ConsumerGroup {
  private members: GroupMember[] = [];
  private readonly workers = new Map<string, PartitionWorker[]>();

  constructor(
    readonly groupId: string,
    private readonly host: GroupHost,
  ) {}

  join(member: GroupMember, fromBeginning: boolean): void {
    for (const topicName of member.topics) {
      if (this.workers.has(topicName)) continue;
      const topic = this.host.topic(topicName);
      this.workers.set(
        topicName,
        topic.partitions.map((log, partition) => {
          const start = fromBeginning ? log.startOffset : log.endOffset;
          return new PartitionWorker(this.host, this, topic.name, partition, log, start);
        }),
      );
    }
    this.members.push(member);
    this.kickAll();
  }

  async leave(member: GroupMember): Promise<void> {
    member.stopped = true;
    this.members = this.members.filter((candidate) => candidate !== member);
    this.kickAll();
    await member.drain();
  }

  /** Round-robin assignment of a topic's partitions over the live members subscribed to it. */
  assignee(topic: string, partition: number): GroupMember | undefined {
    const eligible = this.members.filter((member) => member.topics.has(topic));
    return eligible.length === 0 ? undefined : eligible[partition % eligible.length];
  }

  kick(topic: string, partition: number): void {
    this.workers.get(topic)?.[partition]?.kick();
  }

  /** The lowest position a live member of this group still needs, or Infinity when nobody consumes it. */
  liveCursor(topic: string, partition: number): number {
    if (!this.members.some((member) => member.topics.has(topic))) return Infinity;
    return this.workers.get(topic)?.[partition]?.cursor ?? Infinity;
  }

  /** Messages past the cursor of each partition, summed per topic. */
  lag(): { topic: string; messages: number }[] {
    return [...this.workers].map(([topic, workers]) => ({
      topic,
      messages: workers.reduce((sum, worker) => sum + worker.lag, 0),
    }));
  }

  hasMembers(): boolean {
    return this.members.length > 0;
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.members.map((member) => this.leave(member)));
  }

  private kickAll(): void {
    for (const workers of this.workers.values()) for (const worker of workers) worker.kick();
  }
}
