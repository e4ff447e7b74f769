import { randomUUID } from 'node:crypto';
import type { Cache } from '../cache';

export interface CacheFixture {
  cache: Cache;
  cleanup(): Promise<void>;
}

export type MakeCache = () => Promise<CacheFixture>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const sleepUntil = (deadline: number) => sleep(Math.max(0, deadline - Date.now()));

/**
 * The specification every Cache adapter must meet, run unchanged against the in-memory cache in unit
 * tests and against Redis in integration tests. Keys are unique per test, so a shared Redis is fine.
 * TTLs are short real durations; a timing assertion that a slow machine could break is only made while
 * the measured time still allows it.
 */
export function describeCacheContract(name: string, makeCache: MakeCache): void {
  describe(`Cache contract: ${name}`, () => {
    let fixture: CacheFixture | undefined;
    const runId = randomUUID().slice(0, 8);
    let counter = 0;
    const key = (label: string) => `contract:${label}:${runId}:${++counter}`;
    const cache = (): Cache => fixture!.cache;

    beforeAll(async () => {
      fixture = await makeCache();
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    describe('values', () => {
      it('stores and reads back a value exactly, including an empty string', async () => {
        const apiKey = key('api-key');
        const empty = key('empty');

        await cache().set(apiKey, '{"merchantId":"m-1","name":"Café ☕"}');
        await cache().set(empty, '');

        expect(await cache().get(apiKey)).toBe('{"merchantId":"m-1","name":"Café ☕"}');
        expect(await cache().get(empty)).toBe('');
      });

      it('reads a missing key as null', async () => {
        expect(await cache().get(key('missing'))).toBeNull();
      });

      it('overwrites a value and deletes a key, deleting a missing key being harmless', async () => {
        const k = key('overwrite');
        await cache().set(k, 'first');
        await cache().set(k, 'second');
        expect(await cache().get(k)).toBe('second');

        await cache().delete(k);
        await cache().delete(k);

        expect(await cache().get(k)).toBeNull();
      });

      it('expires a value after its TTL', async () => {
        const k = key('ttl');
        await cache().set(k, 'short-lived', 80);
        expect(await cache().get(k)).toBe('short-lived');

        await sleep(200);

        expect(await cache().get(k)).toBeNull();
      });

      it('drops an earlier TTL when a value is set again without one', async () => {
        const k = key('persist');
        await cache().set(k, 'expiring', 60);
        await cache().set(k, 'kept');

        await sleep(150);

        expect(await cache().get(k)).toBe('kept');
      });
    });

    describe('setIfAbsent', () => {
      it('sets a missing key and leaves an existing one alone', async () => {
        const k = key('idempotency');

        expect(await cache().setIfAbsent(k, 'first request')).toBe(true);
        expect(await cache().setIfAbsent(k, 'retry')).toBe(false);

        expect(await cache().get(k)).toBe('first request');
      });

      it('sets the key again once it expired or was deleted', async () => {
        const expiring = key('absent-expiry');
        const deleted = key('absent-delete');
        await cache().setIfAbsent(expiring, 'first', 60);
        await cache().setIfAbsent(deleted, 'first');
        await cache().delete(deleted);

        await sleep(150);

        expect(await cache().setIfAbsent(expiring, 'second')).toBe(true);
        expect(await cache().setIfAbsent(deleted, 'second')).toBe(true);
        expect(await cache().get(expiring)).toBe('second');
      });

      it('lets exactly one of many concurrent callers win', async () => {
        const k = key('race');

        const outcomes = await Promise.all(
          Array.from({ length: 20 }, (_, i) => cache().setIfAbsent(k, `request-${i}`, 5_000)),
        );

        expect(outcomes.filter(Boolean)).toHaveLength(1);
        expect(await cache().get(k)).toBe(`request-${outcomes.indexOf(true)}`);
      });
    });

    describe('increment', () => {
      it('counts from 1', async () => {
        const k = key('counter');

        expect([
          await cache().increment(k, 5_000),
          await cache().increment(k, 5_000),
          await cache().increment(k, 5_000),
        ]).toEqual([1, 2, 3]);
        expect(await cache().get(k)).toBe('3');
      });

      it('loses no concurrent increment', async () => {
        const k = key('concurrent-counter');

        const values = await Promise.all(Array.from({ length: 50 }, () => cache().increment(k, 5_000)));

        expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      });

      it('starts the expiry at the first increment, without extending it, then counts afresh', async () => {
        const k = key('rate-limit');
        const ttlMs = 300;
        const startedAt = Date.now();
        expect(await cache().increment(k, ttlMs)).toBe(1);
        await sleep(50);
        const secondAt = Date.now();
        const second = await cache().increment(k, ttlMs);
        if (secondAt - startedAt < ttlMs - 50) expect(second).toBe(2);

        await sleepUntil(startedAt + ttlMs + 40);

        expect(await cache().increment(k, ttlMs)).toBe(1);
      });
    });

    describe('leases', () => {
      it('grants a lease to one owner at a time and renews it for its holder', async () => {
        const lease = key('outbox-relay');

        expect(await cache().acquireLease(lease, 'instance-a', 5_000)).toBe(true);
        expect(await cache().acquireLease(lease, 'instance-b', 5_000)).toBe(false);
        expect(await cache().acquireLease(lease, 'instance-a', 5_000)).toBe(true);
      });

      it('ignores a release by another owner and frees the lease on its holder’s release', async () => {
        const lease = key('scheduler');
        await cache().acquireLease(lease, 'instance-a', 5_000);

        await cache().releaseLease(lease, 'instance-b');
        expect(await cache().acquireLease(lease, 'instance-b', 5_000)).toBe(false);

        await cache().releaseLease(lease, 'instance-a');
        expect(await cache().acquireLease(lease, 'instance-b', 5_000)).toBe(true);
        expect(await cache().acquireLease(lease, 'instance-a', 5_000)).toBe(false);
      });

      it('frees a lease its holder stopped renewing', async () => {
        const lease = key('crashed-holder');
        await cache().acquireLease(lease, 'instance-a', 80);

        await sleep(200);

        expect(await cache().acquireLease(lease, 'instance-b', 5_000)).toBe(true);
        expect(await cache().acquireLease(lease, 'instance-a', 5_000)).toBe(false);
      });

      it('extends the lease on renewal', async () => {
        const lease = key('renewed');
        const ttlMs = 400;
        await cache().acquireLease(lease, 'instance-a', ttlMs);
        await sleep(200);
        const renewedAt = Date.now();
        await cache().acquireLease(lease, 'instance-a', ttlMs);

        await sleep(300);

        const taken = await cache().acquireLease(lease, 'instance-b', ttlMs);
        if (Date.now() - renewedAt < ttlMs - 20) expect(taken).toBe(false);
      });

      it('lets exactly one of many concurrent contenders take a free lease', async () => {
        const lease = key('contended');

        const outcomes = await Promise.all(
          Array.from({ length: 10 }, (_, i) => cache().acquireLease(lease, `instance-${i}`, 5_000)),
        );

        expect(outcomes.filter(Boolean)).toHaveLength(1);
      });

      it('keeps leases of different names apart', async () => {
        const relay = key('relay');
        const scheduler = key('expiry-scheduler');

        expect(await cache().acquireLease(relay, 'instance-a', 5_000)).toBe(true);
        expect(await cache().acquireLease(scheduler, 'instance-b', 5_000)).toBe(true);
      });
    });
  });
}
