/** Every adapter refuses the same TTLs: a TTL is a positive, finite number of milliseconds. */
export function assertTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && !(Number.isFinite(ttlMs) && ttlMs > 0)) {
    throw new RangeError(`ttlMs must be a positive number of milliseconds, got ${ttlMs}`);
  }
}
