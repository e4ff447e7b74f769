import { Writable } from 'node:stream';
import { createLogger } from '@gw/platform';
import { RedisCache } from '../src';
import { ThrowawayRedis } from './support/throwaway-redis';

/**
 * Redis going away and coming back on the same address, on a redis-server of this test's own (the
 * shared one is never restarted). The same RedisCache instance must fail fast while Redis is down and
 * serve again once it is back, with no new instance and no restart of the process.
 */
describe('RedisCache across a Redis restart', () => {
  let redis: ThrowawayRedis;
  let cache: RedisCache;
  const logLines: Array<{ msg: string }> = [];
  const logger = createLogger({
    level: 'info',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    }),
  });

  beforeAll(async () => {
    redis = await ThrowawayRedis.start();
    cache = await RedisCache.open({ url: redis.url, keyPrefix: 'restart-test:', logger });
  });
  afterAll(async () => {
    await cache?.close();
    await redis?.kill();
  });

  it('fails commands fast while Redis is down, then recovers on the same instance when it returns', async () => {
    await cache.set('merchant-key:apiKeyHash:abc', 'merchant-1', 60_000);
    expect(await cache.acquireLease('outbox-relay', 'instance-a', 60_000)).toBe(true);
    expect(await cache.increment('rate-limit:v1:ip:127.0.0.1:1', 60_000)).toBe(1);

    await redis.kill();
    const failedAt = Date.now();
    await expect(cache.get('merchant-key:apiKeyHash:abc')).rejects.toThrow();
    const failedAfterMs = Date.now() - failedAt;
    // Three reconnection attempts (100, 200, 400 ms apart) and the command gives up: no request hangs.
    expect(failedAfterMs).toBeLessThan(5_000);

    await redis.start();
    const restartedAt = Date.now();
    await eventually(() => cache.get('merchant-key:apiKeyHash:abc'), 15_000);
    const recoveredAfterMs = Date.now() - restartedAt;

    // The restarted Redis kept nothing (no persistence) and forgot its scripts: every operation works
    // again, the scripted ones through the EVALSHA → EVAL fallback.
    expect(await cache.get('merchant-key:apiKeyHash:abc')).toBeNull();
    await cache.set('merchant-key:apiKeyHash:abc', 'merchant-1', 60_000);
    expect(await cache.get('merchant-key:apiKeyHash:abc')).toBe('merchant-1');
    expect(await cache.setIfAbsent('idempotency:k', 'first', 60_000)).toBe(true);
    expect(await cache.increment('rate-limit:v1:ip:127.0.0.1:1', 60_000)).toBe(1);
    expect(await cache.acquireLease('outbox-relay', 'instance-b', 60_000)).toBe(true);
    await cache.releaseLease('outbox-relay', 'instance-a');
    expect(await cache.acquireLease('outbox-relay', 'instance-a', 60_000)).toBe(false);
    await cache.releaseLease('outbox-relay', 'instance-b');
    expect(await cache.acquireLease('outbox-relay', 'instance-a', 60_000)).toBe(true);

    expect(logLines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['Redis connection lost; reconnecting', 'Redis connection restored']),
    );
    // Figures for the report: how long a command waited before failing, how long recovery took.
    process.stdout.write(
      `redis restart: failed after ${failedAfterMs} ms, recovered ${recoveredAfterMs} ms after restart\n`,
    );
  });
});

/** Retries `attempt` until it resolves, at most `withinMs`, returning its value. */
async function eventually<T>(attempt: () => Promise<T>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
