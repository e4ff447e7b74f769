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

/**
 * An append refused because one of its events does not match the schema of `payments.events`: the
 * outbox relay could never publish it, so it is never made durable. Nothing of the append is written.
 */
export class EventSchemaViolationError extends Error {
  readonly code = 'EVENT_SCHEMA_VIOLATION';

  constructor(
    readonly streamId: string,
    readonly eventType: string,
    readonly version: number,
    /** The first violations, e.g. `/data/amount must match pattern "^-?\\d+(\\.\\d+)?$"`. */
    readonly violations: string[],
  ) {
    super(`event ${eventType} does not match the payments.events schema: ${violations.join('; ')}`);
    this.name = 'EventSchemaViolationError';
  }
}

/** Why a commit was set aside rather than published, and what it holds. */
export interface QuarantinedCommit {
  commitId: string;
  streamId: string;
  firstVersion: number;
  lastVersion: number;
  eventTypes: string[];
  /** The first lines of why it could not be published. */
  reason: string;
  /** ISO 8601, when it was set aside (the last time, if it was retried and refused again). */
  quarantinedAt: string;
}

/**
 * The outbox's quarantine as the operator sees it: the commits the relay set aside (ids, stream, versions,
 * event types and reason; never the events' data) and their release for another try. The operator's
 * outbox pages (admin API, dashboard) hold this part of the store, never the streams (EventStore).
 */
export interface OutboxQuarantine {
  /** Every quarantined commit, oldest first. */
  quarantinedCommits(): Promise<QuarantinedCommit[]>;
  /**
   * Puts quarantined commits back in the outbox (all of them without ids), for the relay to try again;
   * returns those released. Unknown ids are ignored.
   */
  releaseQuarantine(commitIds?: string[]): Promise<QuarantinedCommit[]>;
}

export interface EventStore extends OutboxQuarantine {
  /**
   * `expectedVersion` is the stream's current version (0 for a new stream). Throws ConcurrencyError, and
   * EventSchemaViolationError (writing nothing) when an event does not match the store's event schema.
   */
  append(streamId: string, expectedVersion: number, events: NewEvent[]): Promise<Commit>;
  readStream(streamId: string): Promise<StoredEvent[]>;
  /** Every event of every stream, in commit order (per stream: version order). For replays. */
  readAll(): AsyncIterable<StoredEvent>;
  /** How many events `readAll` would yield now: the total a replay reports its progress against. */
  countEvents(): Promise<number>;
  /**
   * Oldest first; per stream always in version order. A quarantined commit and every later commit of its
   * stream are left out until the quarantine is released: consumers expect each stream in order.
   */
  unpublishedCommits(limit: number): Promise<Commit[]>;
  markPublished(commitIds: string[]): Promise<void>;
  /**
   * Sets an unpublished commit aside with the reason it cannot be published (durable); its stream waits
   * behind it, every other stream flows on. Quarantining it again updates the reason and time.
   */
  quarantine(commit: Commit, reason: string, quarantinedAt: string): Promise<void>;
  close(): Promise<void>;
}
