/**
 * The event store port, which doubles as the transactional outbox.
 * Adapters: MongoDB commits and the embedded append-only JSONL file.
 *
 * One `append` is one commit: the ordered events of one stream, written atomically, with optimistic
 * concurrency on the stream version. A commit is "unpublished" until the outbox relay marks it published.
 */
export interface EventMetadata {
  correlationId: string;
  causationId: string;
  /**
   * The trace of the command that appended the event (W3C `traceparent`), kept with the commit so the
   * outbox relay publishes the event in that trace. Not part of the published event.
   */
  traceparent?: string;
}

export interface NewEvent {
  eventId: string;
  type: string;
  occurredAt: string;
  merchantId: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface StoredEvent extends NewEvent {
  streamId: string;
  /** 1-based, gapless per stream. */
  version: number;
}

export interface Commit {
  commitId: string;
  streamId: string;
  events: StoredEvent[];
  published: boolean;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`stream ${streamId} is at version ${actualVersion}, expected ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

export interface EventStore {
  /** `expectedVersion` is the stream's current version (0 for a new stream). Throws ConcurrencyError. */
  append(streamId: string, expectedVersion: number, events: NewEvent[]): Promise<Commit>;
  readStream(streamId: string): Promise<StoredEvent[]>;
  /** Every event of every stream, in commit order (per stream: version order). For replays. */
  readAll(): AsyncIterable<StoredEvent>;
  /** How many events `readAll` would yield now: the total a replay reports its progress against. */
  countEvents(): Promise<number>;
  /** Oldest first; per stream always in version order. */
  unpublishedCommits(limit: number): Promise<Commit[]>;
  markPublished(commitIds: string[]): Promise<void>;
  close(): Promise<void>;
}
