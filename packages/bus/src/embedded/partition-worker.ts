import type { IncomingMessage } from '../message-bus';
import type { ConsumerGroup, GroupHost, GroupMember } from './consumer-group';
import type { LoggedMessage, PartitionLog } from './topic-log';
import { reasonOf } from '../dead-letter';

type Outcome = 'handled' | 'reassigned';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Delivers one partition of one topic to one consumer group, one message at a time.
 * The cursor only moves after the handler resolved (or the message was dead-lettered): that is the
 * group's committed position.
 */
export class PartitionWorker {
  private running = false;

  constructor(
    private readonly host: GroupHost,
    private readonly group: ConsumerGroup,
    private readonly topic: string,
    private readonly partition: number,
    private readonly log: PartitionLog,
    public cursor: number,
  ) {}

  /** Messages in the log past the committed position. */
  get lag(): number {
    return Math.max(0, this.log.endOffset - Math.max(this.cursor, this.log.startOffset));
  }

  /** Starts delivering on a later turn of the event loop, never inside the publisher's call stack. */
  kick(): void {
    if (this.running || this.host.isClosed()) return;
    if (this.cursor >= this.log.endOffset) return;
    if (!this.group.assignee(this.topic, this.partition)) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    for (;;) {
      // A cursor below the retained log (only possible for a group nobody consumed for a long time)
      // resumes at the earliest retained message, as Kafka's offset reset does.
      if (this.cursor < this.log.startOffset) this.cursor = this.log.startOffset;
      const message = this.log.at(this.cursor);
      const member = this.group.assignee(this.topic, this.partition);
      if (!message || !member || this.host.isClosed()) {
        this.running = false;
        return;
      }
      const outcome = await this.deliver(member, message);
      if (outcome === 'handled') this.cursor = message.offset + 1;
    }
  }

  private async deliver(member: GroupMember, message: LoggedMessage): Promise<Outcome> {
    if (member.accepts && !member.accepts(message.headers)) return 'handled';
    for (let attempt = 1; ; attempt++) {
      let value: unknown;
      const { payload } = message;
      if ('value' in payload) value = payload.value;
      else {
        try {
          value = await this.host.codec.decode(this.topic, payload.bytes);
        } catch (error) {
          // Decoding is deterministic: retrying a message that cannot be decoded only delays the partition.
          await this.host.deadLetter(this.topic, message, `undecodable: ${reasonOf(error)}`, attempt);
          return 'handled';
        }
      }
      const incoming: IncomingMessage = {
        topic: this.topic,
        key: message.key,
        value,
        headers: { ...message.headers },
        offset: String(message.offset),
      };
      try {
        await member.run(incoming);
        return 'handled';
      } catch (error) {
        if (attempt >= member.maxAttempts) {
          await this.host.deadLetter(this.topic, message, reasonOf(error), attempt);
          return 'handled';
        }
      }
      await sleep(this.host.retryBackoffMs * 2 ** (attempt - 1));
      // A partition that changed hands during the backoff goes to its new owner,
      // which starts counting attempts afresh, as after a Kafka rebalance.
      if (this.host.isClosed() || this.group.assignee(this.topic, this.partition) !== member)
        return 'reassigned';
    }
  }
}
