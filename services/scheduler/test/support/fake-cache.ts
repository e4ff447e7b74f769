import type { Cache } from '@gw/cache';

/** Just enough of the cache port for leases and plain values; expiry is not modelled. */
export class FakeCache implements Cache {
  readonly values = new Map<string, string>();
  readonly leases = new Map<string, string>();

  async get(key: string) {
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string) {
    this.values.set(key, value);
  }
  async setIfAbsent(key: string, value: string) {
    if (this.values.has(key)) return false;
    this.values.set(key, value);
    return true;
  }
  async delete(key: string) {
    this.values.delete(key);
  }
  async increment(key: string) {
    const next = Number(this.values.get(key) ?? '0') + 1;
    this.values.set(key, String(next));
    return next;
  }
  async acquireLease(name: string, owner: string, _ttlMs: number) {
    const holder = this.leases.get(name);
    if (holder !== undefined && holder !== owner) return false;
    this.leases.set(name, owner);
    return true;
  }
  async releaseLease(name: string, owner: string) {
    if (this.leases.get(name) === owner) this.leases.delete(name);
  }
  async close() {}
}
