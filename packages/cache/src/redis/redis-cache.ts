import type { Logger } from '@gw/platform';
import Redis from 'ioredis';
import type { Cache } from '../cache';
import { assertTtl } from '../ttl';
import { traceRedisCommands } from './redis-command-spans';
import { LEASE_SCRIPTS, INCREMENT_SCRIPT, type ScriptedRedis } from './scripts';

export interface RedisCacheOptions {
  /** `redis://` or `rediss://` URL. */
  url: string;
  /** Prepended to every key, so several systems (or test runs) share one Redis apart. Default none. */
  keyPrefix?: string;
  logger?: Logger;
  /** Longest pause between reconnection attempts; attempts never stop. Default 2 s. */
  maxReconnectDelayMs?: number;
  /**
   * How many reconnection attempts a command waits through before it fails. Small, so a request meets
   * an outage with an error instead of hanging, yet rides out a quick restart. Default 3.
   */
  maxRetriesPerRequest?: number;
  /** A command without an answer for this long fails, even on a connection that looks alive. Default 5 s. */
  commandTimeoutMs?: number;
}

/** Leases live under their own prefix, apart from values, as the in-memory cache keeps them apart. */
const LEASE_PREFIX = 'lease:';

/**
 * The production cache: values, counters and leases in Redis through ioredis.
 *
 * Counters and leases are Lua scripts, each one atomic in Redis: the counter's expiry starts with its
 * first increment, and a lease is taken, renewed or released only by comparing its owner inside the
 * script, so a holder that stalled past its TTL can never release or renew the lease its successor took.
 * Scripts run by EVALSHA and fall back to EVAL when Redis lost its script cache (a restart).
 *
 * The client reconnects forever with capped exponential backoff, so the process outlives a Redis
 * restart or failover without being rebuilt; commands issued meanwhile wait through a few attempts,
 * then fail (callers decide whether that fails their request or, like rate limiting, lets it through).
 */
export class RedisCache implements Cache {
  private closed = false;

  private constructor(
    private readonly redis: ScriptedRedis,
    private readonly logger: Logger | undefined,
  ) {}

  /** Connects before returning, so a wrong URL or an unreachable Redis fails the start, not a later request. */
  static async open(options: RedisCacheOptions): Promise<RedisCache> {
    const maxDelay = options.maxReconnectDelayMs ?? 2_000;
    const redis = new Redis(options.url, {
      lazyConnect: true,
      keyPrefix: options.keyPrefix ?? '',
      connectTimeout: 2_000,
      commandTimeout: options.commandTimeoutMs ?? 5_000,
      maxRetriesPerRequest: options.maxRetriesPerRequest ?? 3,
      retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, maxDelay),
      // After a failover the old primary turns replica and refuses writes: reconnect to find the new one.
      reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
    }) as ScriptedRedis;
    traceRedisCommands(redis, redis.options as { host: string; port: number });
    redis.defineCommand('gwIncrement', INCREMENT_SCRIPT);
    redis.defineCommand('gwAcquireLease', LEASE_SCRIPTS.acquire);
    redis.defineCommand('gwReleaseLease', LEASE_SCRIPTS.release);
    const cache = new RedisCache(redis, options.logger);
    cache.watchConnection();
    // connect() rejects with a bare "Connection is closed."; the error event before it says why.
    let cause: unknown;
    const remember = (error: unknown) => (cause = error);
    redis.on('error', remember);
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      cause ??= error;
      throw new Error(`cannot connect to Redis at ${redactedUrl(options.url)}: ${(cause as Error).message}`, {
        cause,
      });
    } finally {
      redis.off('error', remember);
    }
    return cache;
  }

  async get(key: string): Promise<string | null> {
    this.assertOpen();
    return this.redis.get(key);
  }

  /** Like Redis SET: replaces the value and its expiry; without a TTL the key no longer expires. */
  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.assertOpen();
    assertTtl(ttlMs);
    if (ttlMs === undefined) await this.redis.set(key, value);
    else await this.redis.set(key, value, 'PX', wholeMs(ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    this.assertOpen();
    assertTtl(ttlMs);
    const reply =
      ttlMs === undefined
        ? await this.redis.set(key, value, 'NX')
        : await this.redis.set(key, value, 'PX', wholeMs(ttlMs), 'NX');
    return reply === 'OK';
  }

  async delete(key: string): Promise<void> {
    this.assertOpen();
    await this.redis.del(key);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    this.assertOpen();
    assertTtl(ttlMs);
    return this.redis.gwIncrement(key, wholeMs(ttlMs));
  }

  async acquireLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    this.assertOpen();
    assertTtl(ttlMs);
    return (await this.redis.gwAcquireLease(LEASE_PREFIX + name, owner, wholeMs(ttlMs))) === 1;
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    this.assertOpen();
    await this.redis.gwReleaseLease(LEASE_PREFIX + name, owner);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit();
        return;
      } catch {
        // The connection died while quitting; disconnecting below still stops the reconnection loop.
      }
    }
    this.redis.disconnect();
  }

  private watchConnection(): void {
    let lostAt: number | null = null;
    this.redis.on('error', (error: Error) => {
      this.logger?.warn({ err: error }, 'Redis connection error');
    });
    this.redis.on('reconnecting', (delayMs: number) => {
      lostAt ??= Date.now();
      this.logger?.warn({ delayMs }, 'Redis connection lost; reconnecting');
    });
    this.redis.on('ready', () => {
      if (lostAt === null) return;
      this.logger?.info({ downMs: Date.now() - lostAt }, 'Redis connection restored');
      lostAt = null;
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the cache is closed');
  }
}

/** Redis takes whole milliseconds; rounding up never expires a key before its TTL. */
function wholeMs(ttlMs: number): number {
  return Math.ceil(ttlMs);
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
