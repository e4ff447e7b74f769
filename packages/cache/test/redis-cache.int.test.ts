import { RedisCache } from '../src';
import { describeCacheContract } from '../src/testing';
import { freeLoopbackPort } from '@gw/platform';
import {
  deleteKeysUnder,
  engineRedisUrl,
  keysUnder,
  uniqueKeyPrefix,
  withRawClient,
} from '../src/testing/redis-keys';

/*
 * The contract's TTL cases need no manual clock: they use short real TTLs (60–400 ms) and sleeps, and
 * only assert a timing-dependent outcome while the measured elapsed time still allows it. On Redis that
 * exercises real PX expiry, so the same cases are truthful here.
 */
describeCacheContract('Redis', async () => {
  const url = engineRedisUrl();
  const keyPrefix = uniqueKeyPrefix('contract');
  const cache = await RedisCache.open({ url, keyPrefix });
  return {
    cache,
    async cleanup() {
      await cache.close();
      await deleteKeysUnder(url, keyPrefix);
    },
  };
});

describe('RedisCache specifics', () => {
  const url = engineRedisUrl();
  const keyPrefix = uniqueKeyPrefix('specifics');
  let cache: RedisCache;
  const pttl = (key: string) => withRawClient(url, (redis) => redis.pttl(key));

  beforeAll(async () => {
    cache = await RedisCache.open({ url, keyPrefix });
  });
  afterAll(async () => {
    await cache.close();
    await deleteKeysUnder(url, keyPrefix);
  });

  it('keeps every key under its prefix, leases apart from values', async () => {
    await cache.set('merchant-key:apiKeyHash:abc', 'merchant-1', 60_000);
    await cache.acquireLease('outbox-relay', 'instance-a', 60_000);

    expect(await keysUnder(url, keyPrefix)).toEqual([
      `${keyPrefix}lease:outbox-relay`,
      `${keyPrefix}merchant-key:apiKeyHash:abc`,
    ]);
    expect(await cache.get('lease:outbox-relay')).toBe('instance-a');
  });

  it('stores values with a PX expiry, rounded up to whole milliseconds', async () => {
    await cache.set('idempotency:x', 'stored', 30_000.2);

    const remaining = await pttl(`${keyPrefix}idempotency:x`);

    expect(remaining).toBeGreaterThan(29_000);
    expect(remaining).toBeLessThanOrEqual(30_001);
  });

  it('gives a counter its expiry at the first increment and never extends it', async () => {
    const key = 'rate-limit:v1:ip:127.0.0.1:0';
    await cache.increment(key, 60_000);
    const first = await pttl(`${keyPrefix}${key}`);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await cache.increment(key, 60_000);

    const second = await pttl(`${keyPrefix}${key}`);

    expect(first).toBeGreaterThan(59_000);
    expect(second).toBeLessThan(first);
  });

  it('refuses to count a value that is not an integer, as Redis INCR does', async () => {
    await cache.set('not-a-counter', 'abc');

    await expect(cache.increment('not-a-counter', 1_000)).rejects.toThrow(/not an integer/);
  });

  it('rejects a TTL that is not a positive duration before reaching Redis', async () => {
    await expect(cache.set('k', 'v', 0)).rejects.toThrow(RangeError);
    await expect(cache.acquireLease('lease', 'owner', Number.NaN)).rejects.toThrow(RangeError);
  });

  it('fails to open, naming the address, when nothing answers there', async () => {
    const port = await freeLoopbackPort();

    await expect(RedisCache.open({ url: `redis://127.0.0.1:${port}` })).rejects.toThrow(
      new RegExp(`cannot connect to Redis at redis://127.0.0.1:${port}/?: connect ECONNREFUSED`),
    );
  });

  it('refuses work once closed', async () => {
    const closing = await RedisCache.open({ url, keyPrefix });
    await closing.close();

    await expect(closing.get('k')).rejects.toThrow(/closed/);
    await closing.close();
  });
});
