import { randomUUID } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
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
import { CommitTimeline, latestOccurredAt } from './commit-timeline';
import { cloneDocument } from './document-values';
import {
  CorruptLogError,
  frozenJsonCopy,
  GroupCommitWriter,
  jsonlLines,
  readAt,
  replayJsonl,
  type FlushStats,
} from '@gw/platform';

export interface JsonlEventStoreOptions {
  /** Folder holding `commits.jsonl`; created when missing. */
  directory: string;
  /** Called after each group-commit fsync, for metrics. */
  onFlush?: (stats: FlushStats) => void;
  /** What an appended event must match. Default: the `payments.events` schema. */
  eventSchema?: EventSchema;
}

/**
 * One line of `commits.jsonl`: a commit; the outbox relay marking commits as published, or setting one
 * aside (quarantine); or an operator releasing quarantined commits back into the outbox.
 */
type CommitRecord = { commitId: string; streamId: string; events: StoredEvent[] };
type PublishedRecord = { published: string[] };
type QuarantinedRecord = { quarantined: QuarantinedCommit };
type ReleasedRecord = { released: string[] };

/** Commits hold JSON values only (what replay produces), which cloneDocument copies faster than structuredClone. */
const copy = cloneDocument;

/** What memory keeps of a stream: its head and where its commits' lines are in the file. */
interface StreamEntry {
  /** Including appends still waiting for their fsync: the versions already promised. */
  head: number;
  /** Byte offset and length of each durable commit line, in version order: [offset, length, offset, ...]. */
  lines: number[];
}

/** Where an unpublished commit found at start lies in the file; it is read back when the relay asks. */
interface CommitLine {
  streamId: string;
  offset: number;
  length: number;
}

/**
 * The embedded event store: one append-only file, `commits.jsonl`, one JSON line per commit, and a
 * `{"published":[commitIds]}` line whenever the outbox relay marks commits published. An append is
 * acknowledged only once it is fsynced, with concurrent appends sharing one write and one fsync. One
 * process may open a directory at a time.
 *
 * Memory holds no event: at start the file is replayed (and checked) into each stream's head and the
 * positions of its commit lines, and reads go back to the file, which the page cache mostly serves.
 * Kept whole are only the unpublished commits appended by this process, which the outbox relay is
 * about to take; with every event in memory 1M payments did not fit in the default heap.
 */
export class JsonlEventStore implements EventStore {
  private readonly streams = new Map<string, StreamEntry>();
  /** Oldest first (a Map iterates in insertion order). */
  private readonly unpublished = new Map<string, Commit | CommitLine>();
  /** Oldest first; each is still in `unpublished`, where it holds its stream's place. */
  private readonly quarantined = new Map<string, QuarantinedCommit>();
  /** The latest not-yet-durable append per stream, so a read can wait for versions already promised. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Every durable commit's time and line, for eventsOccurredSince. */
  private readonly timeline = new CommitTimeline();
  /** Where the next line written will start. */
  private end = 0;
  /** The file's bytes up to here are fsynced and applied: what a new readAll sees. */
  private durableEnd = 0;
  private writer: GroupCommitWriter | undefined;
  private handle: FileHandle | undefined;
  private reader: FileHandle | undefined;

  private constructor(
    readonly path: string,
    private readonly eventSchema: EventSchema,
  ) {}

  static async open(options: JsonlEventStoreOptions): Promise<JsonlEventStore> {
    await mkdir(options.directory, { recursive: true });
    const store = new JsonlEventStore(
      join(options.directory, 'commits.jsonl'),
      options.eventSchema ?? PAYMENTS_EVENT_SCHEMA,
    );
    const { validLength } = await replayJsonl(store.path, (record, offset, length) =>
      store.replay(record, offset, length),
    );
    store.end = store.durableEnd = validLength;
    const created = !(await fileExists(store.path));
    store.handle = await open(store.path, 'a');
    if (created) await syncDirectory(options.directory);
    store.reader = await open(store.path, 'r');
    store.writer = new GroupCommitWriter(store.handle, options.onFlush);
    return store;
  }

  async append(streamId: string, expectedVersion: number, events: NewEvent[]): Promise<Commit> {
    const writer = this.openWriter();
    if (!streamId) throw new TypeError('append needs a stream id');
    if (!Number.isInteger(expectedVersion) || expectedVersion < 0) {
      throw new RangeError(`expectedVersion must be a non-negative integer, got ${expectedVersion}`);
    }
    if (events.length === 0) throw new RangeError(`append to ${streamId} has no events`);
    let stream = this.streams.get(streamId);
    const head = stream?.head ?? 0;
    if (head !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion, head);

    const record: CommitRecord = {
      commitId: randomUUID(),
      streamId,
      events: events.map((event, i) => ({ ...event, streamId, version: head + 1 + i })),
    };
    const line = `${JSON.stringify(record)}\n`;
    // Keep what replay will produce, not the caller's objects: a Date or an undefined field reads back
    // exactly as it will after a restart, and the caller cannot mutate the store. That is also what the
    // schema judges, before anything is promised or written. Frozen, it is handed out as it is: to the
    // appender, to the outbox relay and on through the bus (frozenJsonCopy passes its own copies on).
    const commit = frozenJsonCopy({ ...(JSON.parse(line) as CommitRecord), published: false }) as Commit;
    assertEventsMatch(this.eventSchema, commit.events);
    if (!stream) this.streams.set(streamId, (stream = { head, lines: [] }));
    stream.head = head + events.length;
    const { offset, bytes } = this.reserve(line);
    const entry = stream;
    const durable = writer.append(line, () => {
      // A first push would give the array room for 17 numbers; most streams keep one commit.
      if (entry.lines.length === 0) entry.lines = [offset, bytes - 1];
      else entry.lines.push(offset, bytes - 1);
      this.timeline.add(latestOccurredAt(commit.events), offset, bytes - 1);
      this.unpublished.set(commit.commitId, commit);
      this.durableEnd = offset + bytes;
    });
    const settled = durable.catch(() => undefined);
    this.inFlight.set(streamId, settled);
    void settled.then(() => {
      if (this.inFlight.get(streamId) === settled) this.inFlight.delete(streamId);
    });
    await durable;
    return commit;
  }

  /**
   * Waits for the stream's appends still being fsynced: a writer that lost a race re-reads and sees the
   * version that beat it, instead of spinning on a stale one.
   */
  async readStream(streamId: string): Promise<StoredEvent[]> {
    await this.inFlight.get(streamId);
    const lines = this.streams.get(streamId)?.lines ?? [];
    const events: StoredEvent[] = [];
    for (let i = 0; i < lines.length; i += 2)
      events.push(...this.readCommit(lines[i]!, lines[i + 1]!).events);
    return events;
  }

  /**
   * Every durable event whose `occurredAt` is at or after `from` (ISO instants, compared as strings, as a
   * read-model filter compares them), in file order. Reads only the lines of commits the timeline says
   * can hold one, so a look back over the last minutes of a large store reads a few lines, not the file.
   */
  async eventsOccurredSince(from: string): Promise<StoredEvent[]> {
    const since = Date.parse(from);
    const events: StoredEvent[] = [];
    for (const [offset, length] of this.timeline.linesSince(Number.isNaN(since) ? -Infinity : since)) {
      for (const event of this.readCommit(offset, length).events)
        if (event.occurredAt >= from) events.push(event);
    }
    return events;
  }

  async *readAll(): AsyncIterable<StoredEvent> {
    for await (const { line } of jsonlLines(this.path, this.durableEnd)) {
      const record = JSON.parse(line.toString('utf8')) as unknown;
      if (isCommitRecord(record)) yield* record.events;
    }
  }

  async countEvents(): Promise<number> {
    let events = 0;
    for (const stream of this.streams.values()) events += stream.head;
    return events;
  }

  async unpublishedCommits(limit: number): Promise<Commit[]> {
    const oldest: Commit[] = [];
    const waiting = this.quarantinedStreams();
    for (const entry of this.unpublished.values()) {
      if (oldest.length >= limit) break;
      if (waiting?.has(entry.streamId)) continue;
      oldest.push(
        'commitId' in entry
          ? entry
          : (frozenJsonCopy({ ...this.readCommit(entry.offset, entry.length), published: false }) as Commit),
      );
    }
    return oldest;
  }

  async markPublished(commitIds: string[]): Promise<void> {
    const writer = this.openWriter();
    const published = [...new Set(commitIds)].filter((commitId) => this.unpublished.has(commitId));
    if (published.length === 0) return;
    const line = `${JSON.stringify({ published } satisfies PublishedRecord)}\n`;
    const { offset, bytes } = this.reserve(line);
    await writer.append(line, () => {
      this.applyPublished(published);
      this.durableEnd = offset + bytes;
    });
  }

  async quarantine(commit: Commit, reason: string, quarantinedAt: string): Promise<void> {
    if (!this.unpublished.has(commit.commitId)) return;
    await this.write({ quarantined: quarantineOf(commit, reason, quarantinedAt) }, (record) =>
      this.quarantined.set(commit.commitId, record.quarantined),
    );
  }

  async quarantinedCommits(): Promise<QuarantinedCommit[]> {
    return [...this.quarantined.values()].map((entry) => copy(entry));
  }

  async releaseQuarantine(commitIds?: string[]): Promise<QuarantinedCommit[]> {
    const released = [...this.quarantined.values()].filter(
      (entry) => !commitIds || commitIds.includes(entry.commitId),
    );
    if (released.length === 0) return [];
    await this.write({ released: released.map((entry) => entry.commitId) }, (record) =>
      this.applyReleased(record.released),
    );
    return released.map((entry) => copy(entry));
  }

  async close(): Promise<void> {
    const writer = this.writer;
    const handle = this.handle;
    const reader = this.reader;
    this.writer = undefined;
    this.handle = undefined;
    await writer?.drain();
    await handle?.close();
    this.reader = undefined;
    await reader?.close();
  }

  /** Writes one outbox record and applies it once it is durable. */
  private async write<R extends QuarantinedRecord | ReleasedRecord>(
    record: R,
    apply: (record: R) => void,
  ): Promise<void> {
    const writer = this.openWriter();
    const line = `${JSON.stringify(record)}\n`;
    const { offset, bytes } = this.reserve(line);
    await writer.append(line, () => {
      apply(record);
      this.durableEnd = offset + bytes;
    });
  }

  private applyPublished(commitIds: string[]): void {
    for (const commitId of commitIds) {
      this.unpublished.delete(commitId);
      this.quarantined.delete(commitId);
    }
  }

  private applyReleased(commitIds: string[]): void {
    for (const commitId of commitIds) this.quarantined.delete(commitId);
  }

  /** The streams waiting behind a quarantined commit; null when none is (the usual case, nothing to build). */
  private quarantinedStreams(): Set<string> | null {
    if (this.quarantined.size === 0) return null;
    return new Set([...this.quarantined.values()].map((entry) => entry.streamId));
  }

  private openWriter(): GroupCommitWriter {
    if (!this.writer) throw new Error(`the event store ${this.path} is closed`);
    return this.writer;
  }

  /** Where `line` will be written: the writer writes lines in the order they are queued. */
  private reserve(line: string): { offset: number; bytes: number } {
    const offset = this.end;
    const bytes = Buffer.byteLength(line);
    this.end += bytes;
    return { offset, bytes };
  }

  private readCommit(offset: number, length: number): CommitRecord {
    if (!this.reader) throw new Error(`the event store ${this.path} is closed`);
    const record = JSON.parse(readAt(this.reader.fd, offset, length).toString('utf8')) as unknown;
    if (!isCommitRecord(record)) throw new CorruptLogError(this.path, offset, 'expected a commit here');
    return record;
  }

  private replay(record: unknown, offset: number, length: number): void {
    if (isPublishedRecord(record)) {
      this.applyPublished(record.published);
      return;
    }
    if (isQuarantinedRecord(record)) {
      if (this.unpublished.has(record.quarantined.commitId))
        this.quarantined.set(record.quarantined.commitId, record.quarantined);
      return;
    }
    if (isReleasedRecord(record)) {
      this.applyReleased(record.released);
      return;
    }
    if (!isCommitRecord(record))
      throw new CorruptLogError(this.path, offset, `unknown record ${JSON.stringify(record)}`);
    const stream = this.streams.get(record.streamId);
    const head = stream?.head ?? 0;
    record.events.forEach((event, i) => {
      if (event.version !== head + 1 + i || event.streamId !== record.streamId) {
        throw new CorruptLogError(
          this.path,
          offset,
          `commit ${record.commitId} breaks the versions of ${record.streamId}`,
        );
      }
    });
    this.timeline.add(latestOccurredAt(record.events), offset, length);
    if (stream) {
      stream.head = head + record.events.length;
      stream.lines.push(offset, length);
    } else {
      this.streams.set(record.streamId, { head: record.events.length, lines: [offset, length] });
    }
    this.unpublished.set(record.commitId, { streamId: record.streamId, offset, length });
  }
}

function isPublishedRecord(record: unknown): record is PublishedRecord {
  return (
    typeof record === 'object' && record !== null && Array.isArray((record as PublishedRecord).published)
  );
}

function isQuarantinedRecord(record: unknown): record is QuarantinedRecord {
  const quarantined = (record as QuarantinedRecord | null)?.quarantined;
  return typeof quarantined === 'object' && quarantined !== null && typeof quarantined.commitId === 'string';
}

function isReleasedRecord(record: unknown): record is ReleasedRecord {
  return typeof record === 'object' && record !== null && Array.isArray((record as ReleasedRecord).released);
}

function isCommitRecord(record: unknown): record is CommitRecord {
  const candidate = record as CommitRecord;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof candidate.commitId === 'string' &&
    typeof candidate.streamId === 'string' &&
    Array.isArray(candidate.events)
  );
}

async function fileExists(path: string): Promise<boolean> {
  return open(path, 'r').then(
    async (handle) => {
      await handle.close();
      return true;
    },
    () => false,
  );
}

/** Makes a newly created file's directory entry durable, not just its contents. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
