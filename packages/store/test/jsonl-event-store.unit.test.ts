import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { frozenJsonCopy } from '@gw/platform';
import { ANY_EVENT, CorruptLogError, JsonlEventStore, type FlushStats } from '../src';
import { paymentEvent } from '../src/testing';

describe('JsonlEventStore on disk', () => {
  let directory: string;
  const stores: JsonlEventStore[] = [];
  const open = async (onFlush?: (stats: FlushStats) => void) => {
    const store = await JsonlEventStore.open({ directory, onFlush, eventSchema: ANY_EVENT });
    stores.push(store);
    return store;
  };
  const file = () => join(directory, 'commits.jsonl');

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'gw-jsonl-'));
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await rm(directory, { recursive: true, force: true });
  });

  it('hands the appended commit to the outbox as the one frozen value, which the bus passes on uncopied', async () => {
    const store = await open();
    const commit = await store.append('payment-1', 0, [paymentEvent('PaymentCreated')]);

    expect(Object.isFrozen(commit.events[0]!.data)).toBe(true);
    expect((await store.unpublishedCommits(10))[0]).toBe(commit);
    expect(frozenJsonCopy(commit.events[0])).toBe(commit.events[0]);
  });

  it('writes one line per commit and one line per publication mark', async () => {
    const store = await open();
    const commit = await store.append('payment-1', 0, [
      paymentEvent('PaymentCreated'),
      paymentEvent('DepositDetected'),
    ]);
    await store.markPublished([commit.commitId]);

    const lines = (await readFile(file(), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));

    expect(lines).toEqual([
      { commitId: commit.commitId, streamId: 'payment-1', events: commit.events },
      { published: [commit.commitId] },
    ]);
  });

  it('groups concurrent appends into fewer writes, acknowledging each only after its fsync', async () => {
    const flushed: FlushStats[] = [];
    let durableRecords = 0;
    const store = await open((stats) => {
      flushed.push(stats);
      durableRecords += stats.records;
    });
    const acknowledgedBeforeFsync: number[] = [];
    let acknowledged = 0;

    await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        await store.append(`payment-${i}`, 0, [paymentEvent('PaymentCreated')]);
        acknowledged += 1;
        if (durableRecords < acknowledged) acknowledgedBeforeFsync.push(i);
      }),
    );

    expect(acknowledgedBeforeFsync).toEqual([]);
    expect(durableRecords).toBe(100);
    expect(flushed.length).toBeLessThan(10);
  });

  it('keeps acknowledged commits and marks when the process dies without closing', async () => {
    const crashed = await open();
    const first = await crashed.append('payment-1', 0, [paymentEvent('PaymentCreated')]);
    await crashed.append('payment-2', 0, [paymentEvent('PaymentCreated')]);
    await crashed.markPublished([first.commitId]);

    const restarted = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
    stores.push(restarted);

    expect(await restarted.readStream('payment-1')).toHaveLength(1);
    expect((await restarted.unpublishedCommits(10)).map((commit) => commit.streamId)).toEqual(['payment-2']);
  });

  it('ignores and cuts off a torn final line, then appends after the last whole commit', async () => {
    const store = await open();
    await store.append('payment-1', 0, [paymentEvent('PaymentCreated')]);
    await store.close();
    const intact = (await stat(file())).size;
    await appendFile(file(), '{"commitId":"c-torn","streamId":"payment-1","events":[{"eventId"');

    const reopened = await open();

    expect((await stat(file())).size).toBe(intact);
    expect(await reopened.readStream('payment-1')).toHaveLength(1);
    await reopened.append('payment-1', 1, [paymentEvent('PaymentFinished')]);
    const restarted = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
    stores.push(restarted);
    expect((await restarted.readStream('payment-1')).map((event) => event.version)).toEqual([1, 2]);
  });

  it('cuts off a complete line that was never terminated, since it was never acknowledged', async () => {
    const store = await open();
    await store.append('payment-1', 0, [paymentEvent('PaymentCreated')]);
    await store.close();
    await appendFile(file(), JSON.stringify({ published: ['whatever'] }));

    await open();

    expect((await readFile(file(), 'utf8')).endsWith('\n')).toBe(true);
    expect((await readFile(file(), 'utf8')).includes('whatever')).toBe(false);
  });

  it('refuses to open a file with an unreadable line in the middle', async () => {
    const store = await open();
    await store.append('payment-1', 0, [paymentEvent('PaymentCreated')]);
    await store.close();
    const valid = await readFile(file(), 'utf8');
    await writeFile(file(), `${valid}not json\n${valid}`);

    await expect(JsonlEventStore.open({ directory })).rejects.toBeInstanceOf(CorruptLogError);
  });

  it('refuses to open a file whose commits break a stream’s versions', async () => {
    const store = await open();
    await store.append('payment-1', 0, [paymentEvent('PaymentCreated')]);
    await store.close();
    const valid = await readFile(file(), 'utf8');
    await writeFile(file(), `${valid}${valid}`);

    await expect(JsonlEventStore.open({ directory })).rejects.toThrow(/breaks the versions of payment-1/);
  });

  it('stores what a restart will read back: JSON values only', async () => {
    const store = await open();
    const event = paymentEvent('PaymentCreated', {
      createdAt: new Date('2024-05-01T10:00:00Z'),
      note: undefined,
    });

    const commit = await store.append('payment-1', 0, [event]);

    expect(commit.events[0]?.data).toEqual({ createdAt: '2024-05-01T10:00:00.000Z' });
    expect((await store.readStream('payment-1'))[0]?.data).toEqual({ createdAt: '2024-05-01T10:00:00.000Z' });
  });

  it('refuses work once closed', async () => {
    const store = await open();
    await store.close();

    await expect(store.append('payment-1', 0, [paymentEvent('PaymentCreated')])).rejects.toThrow(/closed/);
  });
});
