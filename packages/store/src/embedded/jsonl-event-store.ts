import { randomUUID } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ConcurrencyError,
  type Commit,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '../event-store';
import { cloneDocument } from './document-values';
import { GroupCommitWriter, type FlushStats } from './group-commit-writer';
import { CorruptLogError, replayJsonl } from './jsonl-file';

export interface JsonlEventStoreOptions {
  /** Folder holding `commits.jsonl`; created when missing. */
  directory: string;
  /** Called after each group-commit fsync, for metrics. */
  onFlush?: (stats: FlushStats) => void;
}

/** One line of `commits.jsonl`: a commit, or the outbox relay marking commits as published. */
type CommitRecord = { commitId: string; streamId: string; events: StoredEvent[] };
type PublishedRecord = { published: string[] };

/** Commits hold JSON values only (what replay produces), which cloneDocument copies faster than structuredClone. */
const copy = cloneDocument;

/**
 * The embedded event store: one append-only file, `commits.jsonl`, one JSON line per commit, and a
 * `{"published":[commitIds]}` line whenever the outbox relay marks commits published. At start the
 * file is replayed into in-memory indexes; an append is acknowledged only once it is fsynced, with
 * concurrent appends sharing one write and one fsync. One process may open a directory at a time.
 */
export class JsonlEventStore implements EventStore {
  private readonly commits: Commit[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  /** Stream heads including appends still waiting for their fsync: the versions already promised. */
  private readonly reservedHeads = new Map<string, number>();
  private readonly unpublished = new Map<string, Commit>();
  /** The latest not-yet-durable append per stream, so a read can wait for versions already promised. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private writer: GroupCommitWriter | undefined;
  private handle: FileHandle | undefined;

  private constructor(readonly path: string) {}

  static async open(options: JsonlEventStoreOptions): Promise<JsonlEventStore> {
    await mkdir(options.directory, { recursive: true });
    const store = new JsonlEventStore(join(options.directory, 'commits.jsonl'));
    await replayJsonl(store.path, (record, byteOffset) => store.replay(record, byteOffset));
    const created = !(await fileExists(store.path));
    store.handle = await open(store.path, 'a');
    if (created) await syncDirectory(options.directory);
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
    const head = this.reservedHeads.get(streamId) ?? 0;
    if (head !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion, head);
    this.reservedHeads.set(streamId, head + events.length);

    const record: CommitRecord = {
      commitId: randomUUID(),
      streamId,
      events: events.map((event, i) => ({ ...event, streamId, version: head + 1 + i })),
    };
    const line = `${JSON.stringify(record)}\n`;
    // Keep what replay will produce, not the caller's objects: a Date or an undefined field reads back
    // exactly as it will after a restart, and the caller cannot mutate the store.
    const commit: Commit = { ...(JSON.parse(line) as CommitRecord), published: false };
    const durable = writer.append(line, () => this.applyCommit(commit));
    const settled = durable.catch(() => undefined);
    this.inFlight.set(streamId, settled);
    void settled.then(() => {
      if (this.inFlight.get(streamId) === settled) this.inFlight.delete(streamId);
    });
    await durable;
    return copy(commit);
  }

  /**
   * Waits for the stream's appends still being fsynced: a writer that lost a race re-reads and sees the
   * version that beat it, instead of spinning on a stale one.
   */
  async readStream(streamId: string): Promise<StoredEvent[]> {
    await this.inFlight.get(streamId);
    return copy(this.streams.get(streamId) ?? []);
  }

  async *readAll(): AsyncIterable<StoredEvent> {
    const end = this.commits.length;
    for (let i = 0; i < end; i++) {
      for (const event of this.commits[i]!.events) yield copy(event);
    }
  }

  async unpublishedCommits(limit: number): Promise<Commit[]> {
    const oldest: Commit[] = [];
    for (const commit of this.unpublished.values()) {
      if (oldest.length >= limit) break;
      oldest.push(copy(commit));
    }
    return oldest;
  }

  async markPublished(commitIds: string[]): Promise<void> {
    const writer = this.openWriter();
    const published = [...new Set(commitIds)].filter((commitId) => this.unpublished.has(commitId));
    if (published.length === 0) return;
    const record: PublishedRecord = { published };
    await writer.append(`${JSON.stringify(record)}\n`, () => this.applyPublished(published));
  }

  async close(): Promise<void> {
    const writer = this.writer;
    const handle = this.handle;
    this.writer = undefined;
    this.handle = undefined;
    await writer?.drain();
    await handle?.close();
  }

  private openWriter(): GroupCommitWriter {
    if (!this.writer) throw new Error(`the event store ${this.path} is closed`);
    return this.writer;
  }

  private replay(record: unknown, byteOffset: number): void {
    if (isPublishedRecord(record)) return this.applyPublished(record.published);
    if (!isCommitRecord(record))
      throw new CorruptLogError(this.path, byteOffset, `unknown record ${JSON.stringify(record)}`);
    const head = this.reservedHeads.get(record.streamId) ?? 0;
    record.events.forEach((event, i) => {
      if (event.version !== head + 1 + i || event.streamId !== record.streamId) {
        throw new CorruptLogError(
          this.path,
          byteOffset,
          `commit ${record.commitId} breaks the versions of ${record.streamId}`,
        );
      }
    });
    this.reservedHeads.set(record.streamId, head + record.events.length);
    this.applyCommit({ ...record, published: false });
  }

  private applyCommit(commit: Commit): void {
    this.commits.push(commit);
    this.unpublished.set(commit.commitId, commit);
    const stream = this.streams.get(commit.streamId);
    if (stream) stream.push(...commit.events);
    else this.streams.set(commit.streamId, [...commit.events]);
  }

  private applyPublished(commitIds: string[]): void {
    for (const commitId of commitIds) {
      const commit = this.unpublished.get(commitId);
      if (!commit) continue;
      commit.published = true;
      this.unpublished.delete(commitId);
    }
  }
}

function isPublishedRecord(record: unknown): record is PublishedRecord {
  return (
    typeof record === 'object' && record !== null && Array.isArray((record as PublishedRecord).published)
  );
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
