import type { Collection } from 'mongodb';
import { ConcurrencyError, type Commit, type NewEvent, type StoredEvent } from '../event-store';
import { assertEventsMatch, type EventSchema } from '../event-schema';
import { COMMIT_ORDER, commitIdOf, setNewest, toCommit, type CommitDocument } from './commit-document';
import { CommitSequence } from './commit-sequence';
import type { InsertResult } from './insert-batcher';

type StreamHead = Pick<CommitDocument, 'lastVersion' | 'sequence'>;

/** Inserts an append's commit the way the outbox keeps it; `duplicate` when another append took the version. */
export type InsertCommit = (document: CommitDocument) => Promise<InsertResult>;

const MAX_APPEND_TRIES = 5;
const MAX_REMEMBERED_HEADS = 10_000;

/**
 * The stream side of the event store: appends with optimistic concurrency through the unique index on
 * (streamId, firstVersion), and reads of one stream or of all of them. A stream and its head are one
 * query over that index. What an appended commit becomes in the outbox is `insert`'s business.
 */
export class CommitStreams {
  private readonly sequence = new CommitSequence();
  /** The last commit this process saw of recently used streams (see knownHead). */
  private readonly heads = new Map<string, StreamHead>();

  constructor(
    private readonly commits: Collection<CommitDocument>,
    private readonly insert: InsertCommit,
    private readonly eventSchema: EventSchema,
  ) {}

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
        events: normalized,
      };
      if ((await this.insert(document)) === 'inserted') {
        this.rememberHead(streamId, document);
        return toCommit(structuredClone(document));
      }
      // Another append took this version; re-reading the head turns that into a ConcurrencyError with
      // the version that won.
    }
    throw new Error(`append to ${streamId} kept colliding after ${MAX_APPEND_TRIES} tries`);
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const commits = await this.commits.find({ streamId }).sort({ firstVersion: 1 }).toArray();
    if (commits.length > 0) this.rememberHead(streamId, commits[commits.length - 1]!);
    return commits.flatMap((commit) => commit.events);
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

  /**
   * The head an append at `expectedVersion` would find, without reading it when that is safe: a stream's
   * first commit is always `<streamId>@1`, and the commit after one ending at version v is always
   * `<streamId>@<v + 1>`. So when the stream is expected empty, or this process has seen a commit end at
   * `expectedVersion` (commits are immutable), inserting the next commit fails on its `_id` exactly when
   * the stream has moved on, and the retry reads the real head. Saves a head read per append after
   * `readStream` (the command handler's pattern).
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

  private head(streamId: string): Promise<StreamHead | null> {
    return this.commits.findOne<StreamHead>(
      { streamId },
      { sort: { firstVersion: -1 }, projection: { _id: 0, lastVersion: 1, sequence: 1 } },
    );
  }
}
