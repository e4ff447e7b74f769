import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemoryCache, type Cache } from '@gw/cache';
import { ManualClock, RateLimitRefusals } from '@gw/platform';
import express from 'express';
import { rateLimit, type RateLimitOptions } from '../src/rate-limit';

interface Harness {
  get(headers?: Record<string, string>): Promise<Response>;
  served: () => number;
  storeErrors: unknown[];
  close(): Promise<void>;
}

/** An endpoint behind the limiter; `x-merchant` stands for credentials the family has verified. */
async function harness(
  cache: Cache,
  clock: ManualClock,
  options: Partial<RateLimitOptions> = {},
): Promise<Harness> {
  let served = 0;
  const storeErrors: unknown[] = [];
  const app = express();
  app.use(
    rateLimit({
      cache,
      clock,
      family: 'test',
      limitPerMinute: 3,
      merchantIdOf: async (req) => req.get('x-merchant') ?? null,
      renderRejection: (_req, res, rejection) => void res.status(429).json({ family: 'test', ...rejection }),
      onStoreError: (error) => storeErrors.push(error),
      refusals: new RateLimitRefusals(),
      ...options,
    }),
  );
  app.get('/orders', (_req, res) => {
    served += 1;
    res.json({ ok: true });
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
  return {
    get: (headers = {}) => fetch(url, { headers }),
    served: () => served,
    storeErrors,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('rateLimit', () => {
  let cache: InMemoryCache;
  let clock: ManualClock;
  let api: Harness | undefined;

  beforeEach(() => {
    cache = new InMemoryCache();
    clock = new ManualClock('2024-01-01T00:00:15.000Z');
  });
  afterEach(async () => {
    await api?.close();
    await cache.close();
  });

  it('serves the limit within a minute, then refuses with 429 and Retry-After until the minute ends', async () => {
    api = await harness(cache, clock);

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.get({ 'x-merchant': 'm-1' })).status);
    const refused = await api.get({ 'x-merchant': 'm-1' });

    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toEqual({ family: 'test', limit: 3, retryAfterSeconds: 45 });
    expect(api.served()).toBe(3);
  });

  it('counts every refusal under its family in rate_limit_refusals_total', async () => {
    const refusals = new RateLimitRefusals();
    api = await harness(cache, clock, { family: 'v1', refusals });

    for (let i = 0; i < 5; i++) await api.get({ 'x-merchant': 'm-1' });

    expect(await refusals.registry.metrics()).toContain('rate_limit_refusals_total{family="v1"} 2');
  });

  it('counts the remaining requests down on every answer', async () => {
    api = await harness(cache, clock);

    const remaining = [];
    for (let i = 0; i < 3; i++)
      remaining.push((await api.get({ 'x-merchant': 'm-1' })).headers.get('x-ratelimit-remaining'));

    expect(remaining).toEqual(['2', '1', '0']);
  });

  it('serves again once the next minute starts', async () => {
    api = await harness(cache, clock);
    for (let i = 0; i < 4; i++) await api.get({ 'x-merchant': 'm-1' });

    clock.advance(44_999);
    expect((await api.get({ 'x-merchant': 'm-1' })).status).toBe(429);
    clock.advance(1);

    expect((await api.get({ 'x-merchant': 'm-1' })).status).toBe(200);
  });

  it('keeps merchants apart, and unauthenticated callers in their IP’s bucket', async () => {
    api = await harness(cache, clock);
    for (let i = 0; i < 3; i++) await api.get({ 'x-merchant': 'm-1' });

    expect((await api.get({ 'x-merchant': 'm-2' })).status).toBe(200);
    expect((await api.get()).status).toBe(200);
    expect((await api.get()).status).toBe(200);
    expect((await api.get()).status).toBe(200);
    expect((await api.get()).status).toBe(429);
    expect([...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()].sort()).toEqual([
      'rate-limit:test:ip:127.0.0.1:1704067200000',
      'rate-limit:test:merchant:m-1:1704067200000',
      'rate-limit:test:merchant:m-2:1704067200000',
    ]);
  });

  it('is off at 0 and never touches the cache', async () => {
    const untouchable = new Proxy({} as Cache, {
      get: () => () => Promise.reject(new Error('the limiter must not use the cache when off')),
    });
    api = await harness(untouchable, clock, { limitPerMinute: 0 });

    for (let i = 0; i < 10; i++) expect((await api.get({ 'x-merchant': 'm-1' })).status).toBe(200);
    expect(api.storeErrors).toEqual([]);
  });

  it('lets requests through and reports the failure when the cache fails', async () => {
    const failing = new InMemoryCache();
    await failing.close();
    api = await harness(failing, clock);

    const response = await api.get({ 'x-merchant': 'm-1' });

    expect(response.status).toBe(200);
    expect(api.storeErrors).toEqual([expect.objectContaining({ message: 'the cache is closed' })]);
  });
});
