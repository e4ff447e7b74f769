import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Cache } from '@gw/cache';
import { parseBody } from '@gw/platform';
import express from 'express';
import { idempotency, type IdempotencyOptions } from '../src/idempotency';
import { keyedCreateOf } from '../src/keyed-create';

/** Just enough of the Cache port, with the atomic setIfAbsent the middleware relies on. */
class MapCache implements Cache {
  readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) this.entries.delete(key);
    return this.entries.get(key);
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlMs = 60_000) {
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
  }
  async setIfAbsent(key: string, value: string, ttlMs = 60_000) {
    if (this.live(key)) return false;
    await this.set(key, value, ttlMs);
    return true;
  }
  async delete(key: string) {
    this.entries.delete(key);
  }
  async increment(): Promise<number> {
    throw new Error('not used');
  }
  async acquireLease(): Promise<boolean> {
    throw new Error('not used');
  }
  async releaseLease() {}
  async close() {}
}

interface Harness {
  url: string;
  cache: MapCache;
  created: () => number;
  close(): Promise<void>;
}

/** A creating endpoint behind the middleware: every run that gets through creates one "order". */
async function harness(
  options: Partial<IdempotencyOptions> & { handlerDelayMs?: number; failFirst?: boolean } = {},
): Promise<Harness> {
  const cache = new MapCache();
  let created = 0;
  let calls = 0;
  const app = express();
  app.post(
    '/orders',
    (req, res, next) => {
      res.locals.merchant = req.get('x-merchant') ?? 'm-1';
      next();
    },
    parseBody({ accept: ['json'] }),
    idempotency({
      cache,
      scopeOf: (_req, res) => String(res.locals.merchant),
      renderError: (_req, res, failure) => res.status(failure.status).json({ family: 'test', ...failure }),
      waitMs: 2_000,
      pollIntervalMs: 5,
      ...options,
    }),
    async (req, res) => {
      calls++;
      if (options.handlerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.handlerDelayMs));
      if (options.failFirst && calls === 1) {
        res.status(400).json({ error: 'bad' });
        return;
      }
      created++;
      res.status(201).json({ order: created, echo: req.body });
    },
  );
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/orders`,
    cache,
    created: () => created,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('the Idempotency-Key middleware', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('runs every request without a key', async () => {
    h = await harness();
    await post(h.url, '{"a":1}');
    await post(h.url, '{"a":1}');
    expect(h.created()).toBe(2);
  });

  it('replays the first response for a retry with the same key and body', async () => {
    h = await harness();
    const first = await post(h.url, '{"a":1}', { 'idempotency-key': 'k-1' });
    const retry = await post(h.url, '{"a":1}', { 'idempotency-key': 'k-1' });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(await first.json());
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toMatch(/^application\/json/);
    expect(h.created()).toBe(1);
  });

  it('refuses the same key with another body with 409', async () => {
    h = await harness();
    await post(h.url, '{"a":1}', { 'idempotency-key': 'k-1' });
    const other = await post(h.url, '{"a":2}', { 'idempotency-key': 'k-1' });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ family: 'test', code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(h.created()).toBe(1);
  });

  it('compares body bytes, so re-serialised JSON is another body', async () => {
    h = await harness();
    await post(h.url, '{"a":1}', { 'idempotency-key': 'k-1' });
    expect((await post(h.url, '{ "a": 1 }', { 'idempotency-key': 'k-1' })).status).toBe(409);
  });

  it('keeps the keys of two merchants apart', async () => {
    h = await harness();
    await post(h.url, '{"a":1}', { 'idempotency-key': 'k-1', 'x-merchant': 'm-1' });
    const second = await post(h.url, '{"a":1}', { 'idempotency-key': 'k-1', 'x-merchant': 'm-2' });
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(h.created()).toBe(2);
  });

  it('lets concurrent retries create once and answers them all with that response', async () => {
    h = await harness({ handlerDelayMs: 100 });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => post(h.url, '{"a":1}', { 'idempotency-key': 'k-c' })),
    );
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(h.created()).toBe(1);
  });

  it('answers 409 "in progress" when the first attempt outlasts the wait', async () => {
    h = await harness({ handlerDelayMs: 300, waitMs: 50 });
    const [first, second] = await Promise.all([
      post(h.url, '{"a":1}', { 'idempotency-key': 'k-slow' }),
      new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        post(h.url, '{"a":1}', { 'idempotency-key': 'k-slow' }),
      ),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'IDEMPOTENCY_REQUEST_IN_PROGRESS' });
    expect(h.created()).toBe(1);
  });

  it('does not store a failed attempt, so a retry with the same key runs again', async () => {
    h = await harness({ failFirst: true });
    expect((await post(h.url, '{"a":1}', { 'idempotency-key': 'k-f' })).status).toBe(400);
    const retry = await post(h.url, '{"a":1}', { 'idempotency-key': 'k-f' });
    expect(retry.status).toBe(201);
    expect(h.created()).toBe(1);
    expect([...h.cache.entries.keys()].some((key) => key.endsWith(':lock'))).toBe(false);
  });

  it('refuses a key that is not printable ASCII or too long', async () => {
    h = await harness();
    expect((await post(h.url, '{}', { 'idempotency-key': 'x'.repeat(256) })).status).toBe(400);
    const empty = await post(h.url, '{}', { 'idempotency-key': '' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
  });

  it('stores responses for the configured time only', async () => {
    h = await harness({ ttlMs: 30 });
    await post(h.url, '{"a":1}', { 'idempotency-key': 'k-t' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await post(h.url, '{"a":1}', { 'idempotency-key': 'k-t' });
    expect(h.created()).toBe(2);
  });
});

/**
 * A create whose "store" is a map of commits by command id, as the event store holds streams: the
 * handler derives its ids from the KeyedCreate and answers from a commit it finds. `outcome` decides
 * what the next attempt does after committing: answer, die without answering (kill -9), or fail.
 */
async function keyedHarness(now?: () => Date) {
  const cache = new MapCache();
  const commits = new Map<string, { orderId: number; attempt: number }>();
  const seen: { seed: string; resumed: boolean }[] = [];
  let attempts = 0;
  const next: { outcome: 'answer' | 'die' | 'fail-500' | 'refuse-400' } = { outcome: 'answer' };
  const app = express();
  app.post(
    '/orders',
    parseBody({ accept: ['json'] }),
    idempotency({
      cache,
      scopeOf: () => 'm-1',
      renderError: (_req, res, failure) => res.status(failure.status).json(failure),
      waitMs: 50,
      pollIntervalMs: 5,
      now,
    }),
    (_req, res) => {
      const key = keyedCreateOf(res)!;
      seen.push({ seed: key.seed, resumed: key.resumed });
      const outcome = next.outcome;
      next.outcome = 'answer';
      if (outcome === 'refuse-400') return void res.status(400).json({ error: 'refused' });
      const commandId = key.commandId('order');
      const committed = commits.get(commandId);
      if (committed) {
        key.replayed();
        return void res.status(201).json(committed);
      }
      const created = { orderId: key.numericId('order'), attempt: ++attempts };
      commits.set(commandId, created);
      if (outcome === 'die') return void res.socket?.destroy();
      if (outcome === 'fail-500') return void res.status(500).json({ error: 'lost' });
      res.status(201).json(created);
    },
  );
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/orders`,
    commits,
    seen,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a keyed create across a lost answer', () => {
  let k: Awaited<ReturnType<typeof keyedHarness>>;
  afterEach(() => k.close());

  it('gives a retry the ids of the attempt that committed and died, and replays its commit', async () => {
    k = await keyedHarness();
    k.next.outcome = 'die';
    await expect(post(k.url, '{"a":1}', { 'idempotency-key': 'k-die' })).rejects.toThrow();

    const retry = await post(k.url, '{"a":1}', { 'idempotency-key': 'k-die' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual({ orderId: expect.any(Number), attempt: 1 });
    expect(k.commits.size).toBe(1);
    expect(k.seen).toEqual([
      { seed: k.seen[0]!.seed, resumed: false },
      { seed: k.seen[0]!.seed, resumed: true },
    ]);

    const again = await post(k.url, '{"a":1}', { 'idempotency-key': 'k-die' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual({ orderId: expect.any(Number), attempt: 1 });
    expect(k.seen).toHaveLength(2);
  });

  it('keeps the key bound to its body after a 5xx: another body is 409, the same body resumes', async () => {
    k = await keyedHarness();
    k.next.outcome = 'fail-500';
    expect((await post(k.url, '{"a":1}', { 'idempotency-key': 'k-5xx' })).status).toBe(500);

    const other = await post(k.url, '{"a":2}', { 'idempotency-key': 'k-5xx' });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    const same = await post(k.url, '{"a":1}', { 'idempotency-key': 'k-5xx' });
    expect(same.status).toBe(201);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    expect(k.commits.size).toBe(1);
  });

  it('frees the key after a 4xx: the corrected retry is a new request with new ids, within the same millisecond too', async () => {
    const frozen = new Date('2026-11-28T21:00:00.000Z');
    k = await keyedHarness(() => frozen);
    k.next.outcome = 'refuse-400';
    expect((await post(k.url, '{"a":1}', { 'idempotency-key': 'k-4xx' })).status).toBe(400);
    const corrected = await post(k.url, '{"a":2}', { 'idempotency-key': 'k-4xx' });
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(k.seen.map((attempt) => attempt.resumed)).toEqual([false, false]);
    expect(k.seen[1]!.seed).not.toBe(k.seen[0]!.seed);
  });
});
