import { open, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { GroupCommitWriter, replayJsonl } from '@gw/platform';
import { InMemoryCache, type CacheEntry, type InMemoryCacheOptions } from './in-memory-cache';

export interface JournaledCacheOptions extends InMemoryCacheOptions {
  /** The journal file; created when missing. */
  path: string;
  /** Rewrite the journal once it holds this many records and twice as many as live entries. Default 10,000. */
  compactAfterRecords?: number;
}

/** One line of the journal: an entry as stored (absolute expiry), or its deletion. */
type JournalRecord =
  { key: string; value: string; expiresAt: number | null } | { key: string; deleted: true };

/**
 * The in-memory cache whose entries survive a restart and a crash: every change is appended to a JSON-lines
 * journal and fsync'd (group commit) before its promise resolves, and the journal is replayed at open.
 * Expiries are absolute, so an entry restored after a restart still expires when it was due. The journal is
 * rewritten with only the live entries at open and whenever superseded and expired records dominate it.
 * Leases are not journaled: they belong to the process holding them.
 */
export class JournaledCache extends InMemoryCache {
  private writer!: GroupCommitWriter;
  private handle!: FileHandle;
  /** The write of the change an operation made, taken by `durably` right after the operation ran. */
  private written: Promise<void> | undefined;
  private compacting: Promise<void> | undefined;
  private records = 0;
  private compactAt = 0;

  private constructor(
    private readonly path: string,
    private readonly compactAfterRecords: number,
    options: InMemoryCacheOptions,
  ) {
    super(options);
  }

  static async open(options: JournaledCacheOptions): Promise<JournaledCache> {
    const cache = new JournaledCache(options.path, options.compactAfterRecords ?? 10_000, options);
    await replayJsonl(options.path, (record) => cache.replay(record as JournalRecord));
    await cache.rewrite();
    return cache;
  }

  override set(key: string, value: string, ttlMs?: number): Promise<void> {
    return this.durably(super.set(key, value, ttlMs));
  }

  override setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    return this.durably(super.setIfAbsent(key, value, ttlMs));
  }

  override delete(key: string): Promise<void> {
    return this.durably(super.delete(key));
  }

  override increment(key: string, ttlMs: number): Promise<number> {
    return this.durably(super.increment(key, ttlMs));
  }

  override async close(): Promise<void> {
    await this.compacting;
    await this.writer.drain();
    await this.handle.close();
    await super.close();
  }

  protected override changed(key: string, entry: CacheEntry | null): void {
    const record: JournalRecord = entry
      ? { key, value: entry.value, expiresAt: entry.expiresAt ?? null }
      : { key, deleted: true };
    const line = `${JSON.stringify(record)}\n`;
    // A change made while the journal is being rewritten goes into the new one.
    this.written = this.compacting
      ? this.compacting.then(() => this.writer.append(line, () => undefined))
      : this.writer.append(line, () => undefined);
    if (++this.records >= this.compactAt && !this.compacting) {
      this.compacting = this.rewrite().finally(() => (this.compacting = undefined));
    }
  }

  /**
   * The in-memory operation runs synchronously inside its call, so the write its change queued is the one
   * in `written` when the call returns; the operation resolves once that write is on disk.
   */
  private async durably<T>(operation: Promise<T>): Promise<T> {
    const written = this.written;
    this.written = undefined;
    const result = await operation;
    await written;
    return result;
  }

  private replay(record: JournalRecord): void {
    this.restore(
      record.key,
      'deleted' in record ? null : { value: record.value, expiresAt: record.expiresAt ?? undefined },
    );
  }

  /** Replaces the journal with the live entries: written aside, fsync'd, renamed over, directory fsync'd. */
  private async rewrite(): Promise<void> {
    if (this.writer) await this.writer.drain();
    const live = [...this.liveEntries()];
    const aside = `${this.path}.rewrite`;
    const fresh = await open(aside, 'w');
    try {
      await fresh.writeFile(
        live
          .map(
            ([key, entry]) =>
              `${JSON.stringify({ key, value: entry.value, expiresAt: entry.expiresAt ?? null })}\n`,
          )
          .join(''),
      );
      await fresh.datasync();
    } finally {
      await fresh.close();
    }
    await rename(aside, this.path);
    const directory = await open(dirname(this.path), 'r');
    await directory.sync().finally(() => directory.close());
    await this.handle?.close();
    this.handle = await open(this.path, 'a');
    this.writer = new GroupCommitWriter(this.handle);
    this.records = live.length;
    this.compactAt = Math.max(this.compactAfterRecords, 2 * live.length);
  }
}
