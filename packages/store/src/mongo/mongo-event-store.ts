import type { Collection, Document } from 'mongodb';
import {
  ConcurrencyError,
  type Commit,
  type EventStore,
  type NewEvent,
  type QuarantinedCommit,
  type StoredEvent,
} from '../event-store';
import { assertEventsMatch, PAYMENTS_EVENT_SCHEMA, type EventSchema } from '../event-schema';
import { quarantineOf } from '../quarantine';
import { CommitSequence } from './commit-sequence';
import { InsertBatcher } from './insert-batcher';
import {
  OutboxMarkers,
  systemClock,
  type Clock,
  type MarkedCommit,
  type MarkerDocument,
} from './outbox-markers';
import {
  connectMongo,
  createIndexes,
  isDuplicateKeyError,
  type MongoConnection,
  type MongoStoreOptions,
} from './mongo-connection';

export interface MongoEventStoreOptions extends MongoStoreOptions {
  /** Default `commits`. */
  collection?: string;
  /**
   * How a stream is read: `query`, one range query over the (streamId, firstVersion) index, or `walk`,
   * one `_id` lookup per commit along the stream. Default: `walk` on FerretDB, which hands only `_id`
   * filters to SQLite (a scan there too, but far cheaper than any filter FerretDB evaluates itself);
   * `query` on MongoDB. Under `walk`, the `flag` outbox's `markPublished` also updates commit by commit
   * through `_id` rather than with one `$in` filter.
   */
  streamReads?: StreamReads;
  /**
   * Where the outbox lives: `flag`, the commit's own `published` field, listed through the
   * (published, sequence) index; or `collection`, a marker per append in `<collection>_outbox`, deleted
   * once the commit is published. Default: `collection` on FerretDB, which cannot use that index and read
   * the whole, ever growing commits collection on every relay pass; `flag` on MongoDB.
   */
  outbox?: OutboxMode;
  /**
   * `collection` outbox: a marker whose commit is still missing this long after it was written is
   * dropped (its append failed or its writer died before the insert). Default 60 s, far above the
   * 10 s command timeout; the writers' and the relay's clocks must agree within half of it.
   */
  outboxGraceMs?: number;
  /** For tests: the clocks of the `collection` outbox. */
  clock?: Clock;
  /** What an appended event must match. Default: the `payments.events` schema. */
  eventSchema?: EventSchema;
  /**
   * How long the outbox keeps the list of streams waiting behind a quarantined commit before reading
   * it again: a release by another process (the admin API) takes effect within this. Default 1 s.
   */
  quarantineRefreshMs?: number;
}

/** A quarantined commit in `<collection>_quarantine`, by commit id. */
type QuarantineDocument = Omit<QuarantinedCommit, 'commitId'> & { _id: string };

export type StreamReads = 'query' | 'walk';
export type OutboxMode = 'flag' | 'collection';

/**
 * One append. `firstVersion`/`lastVersion` are the stream versions of its first and last event; the
 * unique index on (streamId, firstVersion) lets exactly one of two appends at the same expected version
 * in. `_id` is `<streamId>@<firstVersion>`, so the commit after one ending at version v is found by its
 * `_id` alone. `sequence` orders commits (see CommitSequence); `published` makes the document its own
 * outbox entry.
 */
export interface CommitDocument {
  _id: string;
  streamId: string;
  firstVersion: number;
  lastVersion: number;
  sequence: number;
  /** The `flag` outbox only. */
  published?: boolean;
  events: StoredEvent[];
}

type StreamHead = Pick<CommitDocument, 'lastVersion' | 'sequence'>;

/** `readAll` and outbox order; each is served by an index that ends in these keys. */
const COMMIT_ORDER: [string, 1][] = [
  ['sequence', 1],
  ['_id', 1],
];

const PUBLISHED_INDEX = { key: [['published', 1], ...COMMIT_ORDER] as [string, 1][] };

export const COMMIT_INDEXES = [
  {
    key: [
      ['streamId', 1],
      ['firstVersion', 1],
    ] as [string, 1][],
    unique: true,
  },
  { key: COMMIT_ORDER },
];

export const commitIdOf = (streamId: string, firstVersion: number): string => `${streamId}@${firstVersion}`;

const MAX_APPEND_TRIES = 5;
const DEFAULT_OUTBOX_GRACE_MS = 60_000;
const DEFAULT_QUARANTINE_REFRESH_MS = 1_000;
/** Commits this process appended and has not seen published, so the relay need not read them back. */
const MAX_REMEMBERED_COMMITS = 1_000;
const MAX_REMEMBERED_HEADS = 10_000;

/**
 * The event store as MongoDB commit documents: one insert per append (atomic without transactions),
 * optimistic concurrency through a unique index, and the commits themselves as the transactional outbox.
 * Runs on MongoDB and on FerretDB 1.24 (single-document writes and unique indexes only).
 */
export class MongoEventStore implements EventStore {
  private readonly sequence = new CommitSequence();
  private readonly appended = new Map<string, CommitDocument>();
  /** The last commit this process saw of recently used streams (see knownHead). */
  private readonly heads = new Map<string, StreamHead>();
  private legacyFlagsDrained = false;
  /** The streams waiting behind a quarantined commit, and when they were read (monotonic ms). */
  private waitingStreams: { streams: string[]; readAt: number } | undefined;
  private readonly commitInserts: InsertBatcher<CommitDocument>;

  private constructor(
    private readonly connection: MongoConnection,
    private readonly commits: Collection<CommitDocument>,
    private readonly streamReads: StreamReads,
    /** Undefined: the `flag` outbox. */
    private readonly outbox: OutboxMarkers | undefined,
    private readonly outboxMeta: Collection<{ _id: string }>,
    private readonly graceMs: number,
    private readonly clock: Clock,
    private readonly quarantined: Collection<QuarantineDocument>,
    private readonly eventSchema: EventSchema,
    private readonly quarantineRefreshMs: number,
  ) {
    this.commitInserts = new InsertBatcher(commits);
  }

  static async open(options: MongoEventStoreOptions): Promise<MongoEventStore> {
    const connection = await connectMongo(options);
    try {
      const name = options.collection ?? 'commits';
      const commits = connection.db.collection<CommitDocument>(name);
      const ferret = connection.engine === 'ferretdb';
      const outboxMode = options.outbox ?? (ferret ? 'collection' : 'flag');
      await createIndexes(
        commits,
        outboxMode === 'flag' ? [...COMMIT_INDEXES, PUBLISHED_INDEX] : COMMIT_INDEXES,
      );
      const clock = options.clock ?? systemClock;
      const outbox =
        outboxMode === 'collection'
          ? await OutboxMarkers.open(connection.db.collection<MarkerDocument>(`${name}_outbox`), clock)
          : undefined;
      return new MongoEventStore(
        connection,
        commits,
        options.streamReads ?? (ferret ? 'walk' : 'query'),
        outbox,
        connection.db.collection<{ _id: string }>(`${name}_outbox_state`),
        options.outboxGraceMs ?? DEFAULT_OUTBOX_GRACE_MS,
        clock,
        connection.db.collection<QuarantineDocument>(`${name}_quarantine`),
        options.eventSchema ?? PAYMENTS_EVENT_SCHEMA,
        options.quarantineRefreshMs ?? DEFAULT_QUARANTINE_REFRESH_MS,
      );
    } catch (error) {
      await connection.client.close();
      throw error;
    }
  }

  async append(streamId: string, expectedVersion: number, events: NewEvent[]): Promise<Commit> {
    if (!streamId) throw new TypeError('append needs a stream id');
    if (!Number.isInteger(expectedVersion) || expectedVersion < 0) {
      throw new RangeError(`expectedVersion must be a non-negative integer, got ${expectedVersion}`);
    }
    if (events.length === 0) throw new RangeError(`append to ${streamId} has no events`);
    // Store what a JSON round trip keeps, as the embedded store does: a Date or an undefined field reads
    // back the same from either adapter, and the caller cannot mutate what was stored.
    const stored = events.map((event, i) => ({ ...event, streamId, version: expectedVersion + 1 + i }));
    const normalized = JSON.parse(JSON.stringify(stored)) as StoredEvent[];
    assertEventsMatch(this.eventSchema, normalized);

    for (let attempt = 0; attempt < MAX_APPEND_TRIES; attempt++) {
      const head =
        attempt === 0 ? await this.knownHead(streamId, expectedVersion) : await this.head(streamId);
      const actual = head?.lastVersion ?? 0;
      if (actual !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion, actual);
      const document: CommitDocument = {
        _id: commitIdOf(streamId, expectedVersion + 1),
        streamId,
        firstVersion: expectedVersion + 1,
        lastVersion: expectedVersion + events.length,
        sequence: this.sequence.next(head?.sequence ?? 0),
        ...(this.outbox ? {} : { published: false }),
        events: normalized,
      };
      const inserted = this.outbox
        ? await this.insertMarked(this.outbox, document)
        : (await this.commitInserts.insert(document)) === 'inserted';
      if (inserted) {
        this.rememberHead(streamId, document);
        return toCommit(structuredClone(document));
      }
      // Another append took this version; re-reading the head turns that into a ConcurrencyError with
      // the version that won.
    }
    throw new Error(`append to ${streamId} kept colliding after ${MAX_APPEND_TRIES} tries`);
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    if (this.streamReads === 'query') {
      const commits = await this.commits.find({ streamId }).sort({ firstVersion: 1 }).toArray();
      if (commits.length > 0) this.rememberHead(streamId, commits[commits.length - 1]!);
      return commits.flatMap((commit) => commit.events);
    }
    const events: StoredEvent[] = [];
    let last: CommitDocument | undefined;
    for await (const commit of this.walk<CommitDocument>(streamId, {})) {
      events.push(...commit.events);
      last = commit;
    }
    if (last) this.rememberHead(streamId, last);
    return events;
  }

  async *readAll(): AsyncIterable<StoredEvent> {
    const cursor = this.commits.find({}).sort(COMMIT_ORDER);
    try {
      for await (const commit of cursor) yield* commit.events;
    } finally {
      await cursor.close();
    }
  }

  /** Summed here rather than by $group: FerretDB 1.24 sums neither $subtract nor several fields right. */
  async countEvents(): Promise<number> {
    const cursor = this.commits.find({}, { projection: { _id: 0, firstVersion: 1, lastVersion: 1 } });
    let events = 0;
    for await (const { firstVersion, lastVersion } of cursor) events += lastVersion - firstVersion + 1;
    return events;
  }

  async unpublishedCommits(limit: number): Promise<Commit[]> {
    if (limit <= 0) return [];
    const waiting = await this.quarantinedStreams();
    if (this.outbox) return this.markedCommits(this.outbox, limit, waiting);
    const filter =
      waiting.length > 0 ? { published: false, streamId: { $nin: waiting } } : { published: false };
    const commits = await this.commits.find(filter).sort(COMMIT_ORDER).limit(limit).toArray();
    return commits.map(toCommit);
  }

  /**
   * An upsert by `_id` (FerretDB's one served filter). Read by every relay pass, and written rarely: the
   * collection stays small, so its scans on FerretDB stay cheap.
   */
  async quarantine(commit: Commit, reason: string, quarantinedAt: string): Promise<void> {
    const { commitId, ...entry } = quarantineOf(commit, reason, quarantinedAt);
    await this.quarantined.replaceOne({ _id: commitId }, entry, { upsert: true });
    this.waitingStreams = undefined;
  }

  async quarantinedCommits(): Promise<QuarantinedCommit[]> {
    const documents = await this.quarantined.find({}).toArray();
    return documents
      .map(({ _id, ...entry }) => ({ commitId: _id, ...entry }))
      .sort((a, b) => a.quarantinedAt.localeCompare(b.quarantinedAt) || a.commitId.localeCompare(b.commitId));
  }

  async releaseQuarantine(commitIds?: string[]): Promise<QuarantinedCommit[]> {
    const released = (await this.quarantinedCommits()).filter(
      (entry) => !commitIds || commitIds.includes(entry.commitId),
    );
    if (released.length === 0) return [];
    await this.quarantined.bulkWrite(
      released.map(({ commitId }) => ({ deleteOne: { filter: { _id: commitId } } })),
      { ordered: false },
    );
    this.waitingStreams = undefined;
    return released;
  }

  /**
   * Read again at most every `quarantineRefreshMs` (a relay pass follows every append, and this read is
   * a round trip; ~2 ms on FerretDB). A list older than another process's quarantine is harmless: the
   * quarantined commit is still in the outbox, ahead of its stream's later commits, so the relay meets
   * it first, refuses it again and holds the rest of its stream back.
   */
  private async quarantinedStreams(): Promise<string[]> {
    const now = this.clock.elapsedMs();
    if (this.waitingStreams && now - this.waitingStreams.readAt < this.quarantineRefreshMs)
      return this.waitingStreams.streams;
    const documents = await this.quarantined.find({}, { projection: { _id: 0, streamId: 1 } }).toArray();
    const streams = [...new Set(documents.map((document) => document.streamId))];
    this.waitingStreams = { streams, readAt: now };
    return streams;
  }

  async markPublished(commitIds: string[]): Promise<void> {
    const ids = [...new Set(commitIds)];
    if (ids.length === 0) return;
    if (this.outbox) {
      await this.outbox.removeCommits(ids);
      for (const id of ids) this.appended.delete(id);
      return;
    }
    if (this.streamReads === 'query') {
      await this.commits.updateMany({ _id: { $in: ids }, published: false }, { $set: { published: true } });
      return;
    }
    // FerretDB (`walk`) reads the whole collection for an `$in` filter, once per id: 50 ids took 2.8 s
    // over 200 commits under load. One `_id` update per commit is served by the primary key instead.
    await this.commits.bulkWrite(
      ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { published: true } } } })),
      { ordered: false },
    );
  }

  async close(): Promise<void> {
    await this.connection.client.close();
  }

  /**
   * The `collection` outbox's append: marker first, then the commit. Returns false when another append
   * took the version. Why no committed event is lost although FerretDB has neither transactions nor
   * isolated conditional writes:
   *
   * - A commit is inserted only after a marker naming it was written, and a marker is deleted only by
   *   `markPublished` (after the commit was published) or as stale by `dropStale`, which first saw the
   *   commit missing (R1), then deletes (R2) and reads the commit again (R3), writing a new marker if it
   *   has appeared.
   * - So a stale drop can only lose the marker of a commit inserted (W1) after R3. Each marker has its own
   *   `_id`, so the dropped marker is this append's own, which `dropStale` judged older than the grace
   *   period by its `writtenAt`: W1 came more than `graceMs` (less the clock skew) after this append
   *   started. An append that took less than half the grace period therefore cannot have been dropped;
   *   one that took longer reads its marker again after the insert (W2) and rewrites it if it is gone.
   *   R2 < R3 < W1 < W2, so W2 sees the drop.
   * - A marker whose commit never appears (the insert failed, or its writer died) is dropped after the
   *   grace period. Until then it is skipped; it blocks nothing, because a stream's next commit needs the
   *   missing one. A loser of a version race deletes its own marker: the winner wrote one too.
   */
  private async insertMarked(outbox: OutboxMarkers, document: CommitDocument): Promise<boolean> {
    const marked = markedOf(document);
    const startedAt = this.clock.elapsedMs();
    const markerId = await outbox.write(marked);
    if ((await this.commitInserts.insert(document)) === 'duplicate') {
      await outbox.remove(markerId);
      return false;
    }
    if (this.clock.elapsedMs() - startedAt >= this.graceMs / 2) await outbox.ensure(markerId, marked);
    this.remember(document);
    return true;
  }

  private async markedCommits(outbox: OutboxMarkers, limit: number, waiting: string[]): Promise<Commit[]> {
    if (!this.legacyFlagsDrained) await this.drainLegacyFlags(outbox);
    const groups = await outbox.oldest(limit, waiting);
    const documents = await Promise.all(
      groups.map(
        (group) => this.appended.get(group.commitId) ?? this.commits.findOne({ _id: group.commitId }),
      ),
    );
    const now = this.clock.wallMs();
    const commits: Commit[] = [];
    for (const [i, group] of groups.entries()) {
      const document = documents[i];
      if (document) commits.push(toCommit(structuredClone(document)));
      else if (now - group.writtenAt > this.graceMs) await this.dropStale(outbox, group);
    }
    return commits;
  }

  private async dropStale(
    outbox: OutboxMarkers,
    group: MarkedCommit & { markerIds: string[] },
  ): Promise<void> {
    await outbox.removeMarkers(group.markerIds);
    const landed = await this.commits.findOne({ _id: group.commitId }, { projection: { events: 0 } });
    if (landed) await outbox.write(markedOf(landed));
  }

  /**
   * Commits that a `flag` outbox left unpublished in this database get markers, once per database (the
   * query reads the whole collection on FerretDB; in a `collection` outbox no commit has the field).
   */
  private async drainLegacyFlags(outbox: OutboxMarkers): Promise<void> {
    const DRAINED = 'flags-drained';
    if (!(await this.outboxMeta.findOne({ _id: DRAINED }))) {
      for await (const legacy of this.commits.find({ published: false }, { projection: { events: 0 } })) {
        await outbox.write(markedOf(legacy));
      }
      await this.outboxMeta.insertOne({ _id: DRAINED }).catch((error: unknown) => {
        if (!isDuplicateKeyError(error)) throw error;
      });
    }
    this.legacyFlagsDrained = true;
  }

  private remember(document: CommitDocument): void {
    setNewest(this.appended, document._id, document, MAX_REMEMBERED_COMMITS);
  }

  /**
   * The head an append at `expectedVersion` would find, without reading it when that is safe: a stream's
   * first commit is always `<streamId>@1`, and the commit after one ending at version v is always
   * `<streamId>@<v + 1>`. So when the stream is expected empty, or this process has seen a commit end at
   * `expectedVersion` (commits are immutable), inserting the next commit fails on its `_id` exactly when
   * the stream has moved on, and the retry reads the real head. Saves a walk of the whole stream per
   * append after `readStream` (the command handler's pattern).
   */
  private async knownHead(streamId: string, expectedVersion: number): Promise<StreamHead | null> {
    if (expectedVersion === 0) return null;
    const known = this.heads.get(streamId);
    if (known?.lastVersion === expectedVersion) return known;
    return this.head(streamId);
  }

  private rememberHead(streamId: string, commit: StreamHead): void {
    setNewest(
      this.heads,
      streamId,
      { lastVersion: commit.lastVersion, sequence: commit.sequence },
      MAX_REMEMBERED_HEADS,
    );
  }

  private async head(streamId: string): Promise<StreamHead | null> {
    const projection = { _id: 0, lastVersion: 1, sequence: 1 };
    if (this.streamReads === 'query') {
      return this.commits.findOne<StreamHead>({ streamId }, { sort: { firstVersion: -1 }, projection });
    }
    let head: StreamHead | null = null;
    for await (const commit of this.walk<StreamHead>(streamId, projection)) head = commit;
    return head;
  }

  /** The stream's commits in order, by `_id` from version 1 until no commit follows. */
  private async *walk<T extends Pick<CommitDocument, 'lastVersion'>>(
    streamId: string,
    projection: Document,
  ): AsyncIterable<T> {
    for (let next = 1; ;) {
      const commit = await this.commits.findOne<T>({ _id: commitIdOf(streamId, next) }, { projection });
      if (!commit) return;
      yield commit;
      next = commit.lastVersion + 1;
    }
  }
}

function toCommit(document: CommitDocument): Commit {
  return {
    commitId: document._id,
    streamId: document.streamId,
    events: document.events,
    published: document.published ?? false,
  };
}

function markedOf(
  document: Pick<CommitDocument, '_id' | 'streamId' | 'firstVersion' | 'sequence'>,
): MarkedCommit {
  return {
    commitId: document._id,
    streamId: document.streamId,
    firstVersion: document.firstVersion,
    sequence: document.sequence,
  };
}

/** Sets `key` as the map's newest entry and drops the oldest ones beyond `max` (a Map keeps insertion order). */
function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}
