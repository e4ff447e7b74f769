import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InProcessBus, SchemaValidatingJsonCodec } from '@gw/bus';
import { InMemoryCache } from '@gw/cache';
import { TOPIC_SCHEMAS } from '@gw/contracts';
import { createLogger, ManualClock } from '@gw/platform';
import { JsonlEventStore, type Commit } from '@gw/store';
import { OutboxRelay } from '../src/outbox-relay';
import { appendPaidLifecycle } from './support/paid-lifecycle-commits';

/** How often a started relay reads the outbox: each read is a store round trip on the engines. */
describe('OutboxRelay reads of the outbox', () => {
  let directory: string;
  let store: JsonlEventStore;
  let bus: InProcessBus;
  /** The length of each batch the store handed the relay, in order. */
  let reads: number[];

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'outbox-relay-reads-'));
    store = await JsonlEventStore.open({ directory });
    bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec(TOPIC_SCHEMAS) });
    reads = [];
    const unpublished = store.unpublishedCommits.bind(store);
    store.unpublishedCommits = async (limit) => {
      const commits = await unpublished(limit);
      reads.push(commits.length);
      return commits;
    };
  });

  afterEach(async () => {
    await bus.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const appendLifecycle = (paymentId: number) => appendPaidLifecycle(store, paymentId);

  /** Starts a relay, lets its first pass publish `commits`, then stops it once that pass has ended. */
  async function firstPassOf(batchSize: number, commits: number): Promise<number> {
    let published = 0;
    let allPublished!: () => void;
    const done = new Promise<void>((resolve) => (allPublished = resolve));
    const relay = new OutboxRelay(store, bus, new InMemoryCache(), createLogger({ level: 'silent' }), {
      instanceId: 'relay-1',
      batchSize,
      // No poll while the test runs: only the first pass reads.
      pollIntervalMs: 3_600_000,
      clock: new ManualClock('2026-01-01T10:00:00.000Z'),
      onPublished: (batch: Commit[]) => {
        published += batch.length;
        if (published === commits) allPublished();
      },
    });
    relay.start();
    await done;
    // Waits for the pass under way, which is the first one: the poll is an hour away.
    await relay.stop();
    return published;
  }

  it('ends a pass after a batch shorter than batchSize, without reading the outbox again', async () => {
    const commits = await appendLifecycle(51);
    expect(commits).toBeLessThan(200);

    expect(await firstPassOf(200, commits)).toBe(commits);

    expect(reads).toEqual([commits]);
    expect(await store.unpublishedCommits(200)).toEqual([]);
  });

  it('reads on after a full batch, until a shorter one', async () => {
    const commits = await appendLifecycle(52);
    const batchSize = Math.ceil(commits / 2);
    expect(commits % batchSize).not.toBe(0);

    expect(await firstPassOf(batchSize, commits)).toBe(commits);

    expect(reads).toEqual([batchSize, commits - batchSize]);
  });
});
