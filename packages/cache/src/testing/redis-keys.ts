import { randomUUID } from 'node:crypto';
import { loadConfig } from '@gw/platform';
import Redis from 'ioredis';

/** REDIS_URL of the real engines (`eval "$(scripts/infra env)"`), through the one config reader. */
export function engineRedisUrl(): string {
  const config = loadConfig(process.env);
  if (config.mode !== 'engines')
    throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
  return config.engines.redisUrl;
}

/** A key prefix no other run or helper shares, so tests can use one Redis side by side. */
export function uniqueKeyPrefix(label: string): string {
  return `gw-test:${label}:${randomUUID().slice(0, 8)}:`;
}

/** Every key under `prefix` (a raw client, no prefix of its own), sorted. */
export async function keysUnder(url: string, prefix: string): Promise<string[]> {
  return withRawClient(url, async (redis) => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found.sort();
  });
}

/** Deletes every key under `prefix`, never touching another prefix. */
export async function deleteKeysUnder(url: string, prefix: string): Promise<void> {
  const keys = await keysUnder(url, prefix);
  if (keys.length > 0) await withRawClient(url, (redis) => redis.del(...keys));
}

export async function withRawClient<T>(url: string, use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    return await use(redis);
  } finally {
    await redis.quit();
  }
}
