import type { Commit, EventStore, NewEvent, QuarantinedCommit, StoredEvent } from '../event-store';
import { PAYMENTS_EVENT_SCHEMA, type EventSchema } from '../event-schema';
import { COMMIT_INDEXES, type CommitDocument } from './commit-document';
import type { CommitOutbox, OutboxMode } from './commit-outbox';
import { CommitQuarantine, type QuarantineDocument } from './commit-quarantine';
import { CommitStreams } from './commit-streams';
import { FlagOutbox } from './flag-outbox';
import { InsertBatcher } from './insert-batcher';
import { MarkerOutbox } from './marker-outbox';
import {
  connectMongo,
  createIndexes,
  type MongoConnection,
  type MongoEngine,
  type MongoStoreOptions,
} from './mongo-connection';
import { systemClock, type Clock, type MarkerDocument } from './outbox-markers';

export interface MongoEventStoreOptions extends MongoStoreOptions {
  /** Default `commits`. */
  collection?: string;
  /**
   * Where the outbox lives: `flag`, the commit's own `published` field, listed through the
   * (published, sequence) index; or `collection`, a marker per append in `<collection>_outbox`, deleted
   * once the commit is published. Default: the server's (see `outboxModeOf`). A database keeps the
   * layout it was written with: switching one with commits still unpublished loses them for the relay.
   */
  outbox?: OutboxMode;
  /**
   * `collection` outbox: a marker whose commit is still missing this long after it was written is
   * dropped (its append failed or its writer died before the insert). Default 60 s, far above the
   * 10 s command timeout; the writers' and the relay's clocks must agree within half of it.
   */
  outboxGraceMs?: number;
  /** For tests: the clocks of the `collection` outbox and of the quarantine's refresh. */
  clock?: Clock;
  /** What an appended event must match. Default: the `payments.events` schema. */
  eventSchema?: EventSchema;
  /**
   * How long the outbox keeps the list of streams waiting behind a quarantined commit before reading
   * it again: a release by another process (the admin API) takes effect within this. Default 1 s.
   */
  quarantineRefreshMs?: number;
}

const DEFAULT_OUTBOX_GRACE_MS = 60_000;
const DEFAULT_QUARANTINE_REFRESH_MS = 1_000;

/**
 * The outbox layout a server gets by default. MongoDB: `flag`, one atomic insert per append, the relay
 * served by the `published` index. FerretDB 1.24 (on PostgreSQL) serves no query from a secondary
 * index: it pushes an equality filter down as a jsonb containment that PostgreSQL answers with a
 * sequential scan of the whole commits collection. Measured over 20,000 commits (CPU per operation,
 * FerretDB + PostgreSQL): the `flag` relay poll 3.3 + 7.3 ms and its `markPublished` of 10 commits
 * 6.0 + 9.3 ms, both growing with the collection, against 1.3 + 0 ms and 2.0 + 1.3 ms for the marker
 * collection, which holds only what is unpublished (an append costs one marker insert more, ~1 ms).
 */
export function outboxModeOf(engine: MongoEngine): OutboxMode {
  return engine === 'ferretdb' ? 'collection' : 'flag';
}

/**
 * The event store as MongoDB commit documents: one insert per append (atomic without transactions),
 * optimistic concurrency through a unique index (`CommitStreams`), the outbox in one of two layouts
 * (`FlagOutbox`, `MarkerOutbox`) and the quarantine beside it (`CommitQuarantine`). Runs on MongoDB and
 * on FerretDB 1.24 (single-document writes and unique indexes only: no transactions, no change streams).
 */
export class MongoEventStore implements EventStore {
  private constructor(
    private readonly connection: MongoConnection,
    private readonly streams: CommitStreams,
    private readonly outbox: CommitOutbox,
    private readonly quarantined: CommitQuarantine,
  ) {}

  static async open(options: MongoEventStoreOptions): Promise<MongoEventStore> {
    const connection = await connectMongo(options);
    try {
      const name = options.collection ?? 'commits';
      const commits = connection.db.collection<CommitDocument>(name);
      await createIndexes(commits, COMMIT_INDEXES);
      const inserts = new InsertBatcher(commits);
      const clock = options.clock ?? systemClock;
      const outbox =
        (options.outbox ?? outboxModeOf(connection.engine)) === 'flag'
          ? await FlagOutbox.open(commits, inserts)
          : await MarkerOutbox.open(
              commits,
              inserts,
              connection.db.collection<MarkerDocument>(`${name}_outbox`),
              clock,
              options.outboxGraceMs ?? DEFAULT_OUTBOX_GRACE_MS,
            );
      const streams = new CommitStreams(commits, outbox.insert, options.eventSchema ?? PAYMENTS_EVENT_SCHEMA);
      const quarantine = new CommitQuarantine(
        connection.db.collection<QuarantineDocument>(`${name}_quarantine`),
        clock,
        options.quarantineRefreshMs ?? DEFAULT_QUARANTINE_REFRESH_MS,
      );
      return new MongoEventStore(connection, streams, outbox, quarantine);
    } catch (error) {
      await connection.client.close();
      throw error;
    }
  }

  append(streamId: string, expectedVersion: number, events: NewEvent[]): Promise<Commit> {
    return this.streams.append(streamId, expectedVersion, events);
  }

  readStream(streamId: string): Promise<StoredEvent[]> {
    return this.streams.readStream(streamId);
  }

  readAll(): AsyncIterable<StoredEvent> {
    return this.streams.readAll();
  }

  countEvents(): Promise<number> {
    return this.streams.countEvents();
  }

  async unpublishedCommits(limit: number): Promise<Commit[]> {
    if (limit <= 0) return [];
    return this.outbox.unpublished(limit, await this.quarantined.waitingStreams());
  }

  async markPublished(commitIds: string[]): Promise<void> {
    const ids = [...new Set(commitIds)];
    if (ids.length > 0) await this.outbox.markPublished(ids);
  }

  quarantine(commit: Commit, reason: string, quarantinedAt: string): Promise<void> {
    return this.quarantined.add(commit, reason, quarantinedAt);
  }

  quarantinedCommits(): Promise<QuarantinedCommit[]> {
    return this.quarantined.list();
  }

  releaseQuarantine(commitIds?: string[]): Promise<QuarantinedCommit[]> {
    return this.quarantined.release(commitIds);
  }

  async close(): Promise<void> {
    await this.connection.client.close();
  }
}
