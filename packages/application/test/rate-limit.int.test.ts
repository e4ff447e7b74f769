import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RedisCache } from '@gw/cache';
import { ManualClock, RateLimitRefusals } from '@gw/platform';
import express from 'express';
import { deleteKeysUnder, engineRedisUrl, uniqueKeyPrefix, withRawClient } from '@gw/cache/testing';
import { rateLimit } from '../src/rate-limit';

const LIMIT = 5;

/** One gateway replica: its own Redis connection, the limiter, and an endpoint that counts what it served. */
async function replica(cache: RedisCache, clock: ManualClock) {
  let served = 0;
  const app = express();
  app.use(
    rateLimit({
      cache,
      clock,
      family: 'v1',
      limitPerMinute: LIMIT,
      merchantIdOf: async (req) => req.get('x-merchant') ?? null,
      renderRejection: (_req, res) => void res.status(429).end(),
      refusals: new RateLimitRefusals(),
    }),
  );
  app.get('/orders', (_req, res) => {
    served += 1;
    res.end();
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
  return {
    get: async () => (await fetch(url, { headers: { 'x-merchant': 'm-1' } })).status,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('rate limiting on Redis', () => {
  const url = engineRedisUrl();
  const keyPrefix = uniqueKeyPrefix('rate-limit');
  const clock = new ManualClock('2024-01-01T00:00:15.000Z');
  let caches: RedisCache[];
  let replicas: Awaited<ReturnType<typeof replica>>[];

  beforeAll(async () => {
    caches = [await RedisCache.open({ url, keyPrefix }), await RedisCache.open({ url, keyPrefix })];
    replicas = await Promise.all(caches.map((cache) => replica(cache, clock)));
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    await Promise.all(caches.map((cache) => cache.close()));
    await deleteKeysUnder(url, keyPrefix);
  });

  it('shares one merchant’s minute between replicas, serving exactly the limit of a concurrent burst', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => replicas[i % replicas.length]!.get()),
    );

    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - LIMIT);
    expect(replicas[0]!.served() + replicas[1]!.served()).toBe(LIMIT);
  });

  it('keeps the bucket in one Redis counter that expires within a minute of its first request', async () => {
    const bucket = `${keyPrefix}rate-limit:v1:merchant:m-1:${Date.parse('2024-01-01T00:00:00.000Z')}`;

    const [count, ttl] = await withRawClient(url, async (redis) => [
      await redis.get(bucket),
      await redis.pttl(bucket),
    ]);

    expect(count).toBe('20');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
