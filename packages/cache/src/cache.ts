/**
 * The cache port: what is shared and short-lived. Adapters: Redis (ioredis) and in-memory.
 * Used for API-key lookups, idempotency keys, rate-limit buckets and leases for singleton loops.
 */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when the key is absent. Returns whether it was set. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Increments a counter, starting its expiry on the first increment. Returns the new value. */
  increment(key: string, ttlMs: number): Promise<number>;
  /**
   * Takes or renews a lease: succeeds when the lease is free, expired, or already held by `owner`.
   * Leases keep singleton loops (outbox relay, scheduler) to one active instance.
   */
  acquireLease(name: string, owner: string, ttlMs: number): Promise<boolean>;
  releaseLease(name: string, owner: string): Promise<void>;
  close(): Promise<void>;
}
