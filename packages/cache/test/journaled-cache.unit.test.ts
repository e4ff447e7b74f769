import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournaledCache } from '../src';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('JournaledCache', () => {
  let directory: string;
  let file: string;
  let now: number;
  const clock = () => now;
  const opened: JournaledCache[] = [];
  const openCache = async (options: { compactAfterRecords?: number } = {}) => {
    const cache = await JournaledCache.open({ path: file, now: clock, ...options });
    opened.push(cache);
    return cache;
  };
  const journalLines = async () => (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'journaled-cache-'));
    file = path.join(directory, 'idempotency.jsonl');
    now = Date.parse('2026-01-01T00:00:00Z');
  });

  afterEach(async () => {
    for (const cache of opened.splice(0)) await cache.close().catch(() => undefined);
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps what was written across a reopen, deletions included', async () => {
    const first = await openCache();
    await first.set('idempotency:answer', '{"status":201}', DAY_MS);
    await first.set('idempotency:gone', 'x', DAY_MS);
    await first.delete('idempotency:gone');
    await first.increment('bucket', HOUR_MS);
    await first.increment('bucket', HOUR_MS);
    // No close: what a kill -9 leaves is what the resolved writes put on disk.

    const second = await openCache();

    expect(await second.get('idempotency:answer')).toBe('{"status":201}');
    expect(await second.get('idempotency:gone')).toBeNull();
    expect(await second.increment('bucket', HOUR_MS)).toBe(3);
  });

  it('replays an answer for 24 hours after it was stored, then forgets it, across restarts', async () => {
    const first = await openCache();
    await first.set('idempotency:answer', 'first answer', DAY_MS);
    await first.close();

    now += DAY_MS - 1;
    const nextDay = await openCache();
    expect(await nextDay.get('idempotency:answer')).toBe('first answer');
    await nextDay.close();

    now += 1;
    const expired = await openCache();
    expect(await expired.get('idempotency:answer')).toBeNull();
    expect(await journalLines()).toEqual([]);
  });

  it('rewrites the journal with only the live entries once superseded records dominate it', async () => {
    const cache = await openCache({ compactAfterRecords: 10 });
    for (let i = 0; i < 25; i++) await cache.set('idempotency:lock', String(i), HOUR_MS);
    await cache.set('idempotency:kept', 'kept', DAY_MS);
    await cache.close();

    expect((await journalLines()).length).toBeLessThan(10);
    const reopened = await openCache();
    expect(await reopened.get('idempotency:lock')).toBe('24');
    expect(await reopened.get('idempotency:kept')).toBe('kept');
  });

  it('drops a write torn by a crash and keeps the ones before it', async () => {
    const first = await openCache();
    await first.set('idempotency:answer', 'kept', DAY_MS);
    await appendFile(file, '{"key":"idempotency:torn","val');

    const second = await openCache();

    expect(await second.get('idempotency:answer')).toBe('kept');
    expect(await second.get('idempotency:torn')).toBeNull();
  });
});
