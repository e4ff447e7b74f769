import type { Collection } from 'mongodb';
import type { Commit, QuarantinedCommit } from '../event-store';
import { quarantineOf } from '../quarantine';
import type { Clock } from './outbox-markers';

/** A quarantined commit in `<collection>_quarantine`, by commit id. */
export type QuarantineDocument = Omit<QuarantinedCommit, 'commitId'> & { _id: string };

/**
 * The commits the relay set aside, one document per commit. Written rarely and read by every relay
 * pass through `waitingStreams`: the collection stays small, so even a scan of it stays cheap.
 */
export class CommitQuarantine {
  /** The streams waiting behind a quarantined commit, and when they were read (monotonic ms). */
  private waiting: { streams: string[]; readAt: number } | undefined;

  constructor(
    private readonly quarantined: Collection<QuarantineDocument>,
    private readonly clock: Clock,
    private readonly refreshMs: number,
  ) {}

  async add(commit: Commit, reason: string, quarantinedAt: string): Promise<void> {
    const { commitId, ...entry } = quarantineOf(commit, reason, quarantinedAt);
    await this.quarantined.replaceOne({ _id: commitId }, entry, { upsert: true });
    this.waiting = undefined;
  }

  async list(): Promise<QuarantinedCommit[]> {
    const documents = await this.quarantined.find({}).toArray();
    return documents
      .map(({ _id, ...entry }) => ({ commitId: _id, ...entry }))
      .sort((a, b) => a.quarantinedAt.localeCompare(b.quarantinedAt) || a.commitId.localeCompare(b.commitId));
  }

  async release(commitIds?: string[]): Promise<QuarantinedCommit[]> {
    const released = (await this.list()).filter((entry) => !commitIds || commitIds.includes(entry.commitId));
    if (released.length === 0) return [];
    await this.quarantined.bulkWrite(
      released.map(({ commitId }) => ({ deleteOne: { filter: { _id: commitId } } })),
      { ordered: false },
    );
    this.waiting = undefined;
    return released;
  }

  /**
   * Read again at most every `refreshMs` (a relay pass follows every append, and this read is a round
   * trip). A list older than another process's quarantine is harmless: the quarantined commit is still
   * in the outbox, ahead of its stream's later commits, so the relay meets it first, refuses it again and
   * holds the rest of its stream back.
   */
  async waitingStreams(): Promise<string[]> {
    const now = this.clock.elapsedMs();
    if (this.waiting && now - this.waiting.readAt < this.refreshMs) return this.waiting.streams;
    const documents = await this.quarantined.find({}, { projection: { _id: 0, streamId: 1 } }).toArray();
    const streams = [...new Set(documents.map((document) => document.streamId))];
    this.waiting = { streams, readAt: now };
    return streams;
  }
}
