import type { Cache } from '../cache';
import { assertTtl } from '../ttl';

export interface InMemoryCacheOptions {
  /** How often expired entries are swept; lookups also expire lazily. Default 1 s. */
  sweepIntervalMs?: number;
  /** The clock, in milliseconds. Default Date.now. */
  now?: () => number;
}

/** A stored value as it would be restored: its expiry is absolute. */
export interface CacheEntry {
  value: string;
  /** Epoch milliseconds, or undefined for no expiry. */
  expiresAt: number | undefined;
}

/**
 * The embedded cache: Redis's string, counter and lease semantics in one process's memory.
 * Expired entries vanish on their next lookup and on a periodic sweep that never keeps the process alive.
 */
export class InMemoryCache implements Cache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly leases = new Map<string, { owner: string; expiresAt: number }>();
  protected readonly now: () => number;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(options: InMemoryCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 1_000);
    this.sweeper.unref();
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  /** Like Redis SET: replaces the value and its expiry; without a TTL the key no longer expires. */
  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.assertOpen();
    assertTtl(ttlMs);
    this.put(key, { value, expiresAt: this.expiry(ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    this.assertOpen();
    assertTtl(ttlMs);
    if (this.live(key)) return false;
    this.put(key, { value, expiresAt: this.expiry(ttlMs) });
    return true;
  }

  async delete(key: string): Promise<void> {
    this.assertOpen();
    this.entries.delete(key);
    this.changed(key, null);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    this.assertOpen();
    assertTtl(ttlMs);
    const entry = this.live(key);
    if (!entry) {
      this.put(key, { value: '1', expiresAt: this.expiry(ttlMs) });
      return 1;
    }
    if (!/^-?\d+$/.test(entry.value)) throw new TypeError(`the value of ${key} is not an integer counter`);
    const next = Number(entry.value) + 1;
    this.put(key, { value: String(next), expiresAt: entry.expiresAt });
    return next;
  }

  async acquireLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    this.assertOpen();
    assertTtl(ttlMs);
    const lease = this.leases.get(name);
    if (lease && lease.expiresAt > this.now() && lease.owner !== owner) return false;
    this.leases.set(name, { owner, expiresAt: this.now() + ttlMs });
    return true;
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    this.assertOpen();
    if (this.leases.get(name)?.owner === owner) this.leases.delete(name);
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.entries.clear();
    this.leases.clear();
  }

  /** Restores an entry as it was stored; an expired one is dropped. */
  protected restore(key: string, entry: CacheEntry | null): void {
    if (entry === null || (entry.expiresAt !== undefined && entry.expiresAt <= this.now())) {
      this.entries.delete(key);
    } else {
      this.entries.set(key, entry);
    }
  }

  /** The entries that have not expired (leases are not entries). */
  protected *liveEntries(): Iterable<[string, CacheEntry]> {
    const now = this.now();
    for (const [key, entry] of this.entries)
      if (entry.expiresAt === undefined || entry.expiresAt > now) yield [key, entry];
  }

  /** Called after every change of an entry, with the entry now stored (null when it was deleted). */
  protected changed(_key: string, _entry: CacheEntry | null): void {}

  private put(key: string, entry: CacheEntry): void {
    this.entries.set(key, entry);
    this.changed(key, entry);
  }

  private live(key: string): CacheEntry | undefined {
    this.assertOpen();
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private expiry(ttlMs: number | undefined): number | undefined {
    return ttlMs === undefined ? undefined : this.now() + ttlMs;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries)
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
    for (const [name, lease] of this.leases) if (lease.expiresAt <= now) this.leases.delete(name);
  }

  private assertOpen(): void {
    if (!this.sweeper) throw new Error('the cache is closed');
  }
}
