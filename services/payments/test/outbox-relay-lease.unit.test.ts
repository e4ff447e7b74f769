import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InProcessBus, SchemaValidatingJsonCodec } from '@gw/bus';
import { InMemoryCache } from '@gw/cache';
import { TOPIC_SCHEMAS } from '@gw/contracts';
import { createLogger, ManualClock } from '@gw/platform';
import { JsonlEventStore } from '@gw/store';
import { OutboxRelay } from '../src/outbox-relay';
import { appendPaidLifecycle } from './support/paid-lifecycle-commits';

const TTL_MS = 10_000;

describe('OutboxRelay and its lease', () => {
  let directory: string;
  let store: JsonlEventStore;
  let bus: InProcessBus;
  let cache: InMemoryCache;
  let asked: string[];
  let monotonic: number;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'outbox-relay-lease-'));
    store = await JsonlEventStore.open({ directory });
    bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec(TOPIC_SCHEMAS) });
    cache = new InMemoryCache();
    asked = [];
    monotonic = 0;
    const acquire = cache.acquireLease.bind(cache);
    cache.acquireLease = (name, owner, ttlMs) => {
      asked.push(owner);
      return acquire(name, owner, ttlMs);
    };
  });

  afterEach(async () => {
    await bus.close();
    await cache.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const appendLifecycle = (paymentId: number) => appendPaidLifecycle(store, paymentId);

  const relay = (instanceId: string) =>
    new OutboxRelay(store, bus, cache, createLogger({ level: 'silent' }), {
      instanceId,
      batchSize: 2,
      leaseTtlMs: TTL_MS,
      clock: new ManualClock('2026-01-01T10:00:00.000Z'),
      monotonicMs: () => monotonic,
    });

  /** Passes until the outbox is empty (a relay that was not started stops after one batch a pass). */
  async function drain(relaying: OutboxRelay): Promise<number> {
    let published = 0;
    for (let batch = await relaying.pass(); batch > 0; batch = await relaying.pass()) published += batch;
    return published;
  }

  it('asks Redis for the lease once while a tenth of its TTL has not gone by, however many batches', async () => {
    const commits = await appendLifecycle(41);
    const relaying = relay('relay-1');

    expect(await drain(relaying)).toBe(commits);

    expect(asked).toEqual(['relay-1']);
  });

  it('renews the lease once a tenth of its TTL has gone by', async () => {
    const relaying = relay('relay-1');
    await appendLifecycle(42);
    await drain(relaying);

    monotonic += TTL_MS / 10;
    await appendLifecycle(43);
    await drain(relaying);

    expect(asked).toEqual(['relay-1', 'relay-1']);
  });

  it('publishes nothing while another relay holds the lease, and asks again on every pass', async () => {
    const commits = await appendLifecycle(44);
    const holder = relay('relay-1');
    const waiting = relay('relay-2');
    expect(await holder.pass()).toBeGreaterThan(0);

    expect(await waiting.pass()).toBe(0);
    expect(await waiting.pass()).toBe(0);

    expect(asked).toEqual(['relay-1', 'relay-2', 'relay-2']);
    expect(await drain(holder)).toBeLessThan(commits);
  });
});
