import { loadConfig } from '@gw/platform';
import { Collection, MongoClient } from 'mongodb';
import { ANY_EVENT, MongoEventStore, type MongoEventStoreOptions } from '../src';
import type { Clock, MarkerDocument } from '../src/mongo/outbox-markers';
import { OutboxMarkers } from '../src/mongo/outbox-markers';
import type { CommitDocument } from '../src/mongo/commit-document';
import { InsertBatcher } from '../src/mongo/insert-batcher';
import { MarkerOutbox } from '../src/mongo/marker-outbox';
import { dropMongoDatabase, paymentEvent, randomDatabaseName } from '../src/testing';

/**
 * The `collection` outbox of the MongoDB event store beyond the shared contract: markers whose commit
 * never appeared, slow appends and version races.
 */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;
const GRACE_MS = 60_000;

/** Both clocks stand still until a test moves them. */
class ManualClock implements Clock {
  wall = 1_000_000;
  elapsed = 0;
  /** Added to `elapsed` after each read: how long every step of an append seems to take. */
  step = 0;
  wallMs(): number {
    return this.wall;
  }
  elapsedMs(): number {
    const now = this.elapsed;
    this.elapsed += this.step;
    return now;
  }
}

describe('MongoDB event store, collection outbox', () => {
  const database = randomDatabaseName('outbox_collection');
  const client = new MongoClient(url);
  const stores: MongoEventStore[] = [];
  let collection: string;
  let tests = 0;
  let clock: ManualClock;

  const open = async (options: Partial<MongoEventStoreOptions> = {}) => {
    const store = await MongoEventStore.open({
      url,
      database,
      collection,
      outbox: 'collection',
      outboxGraceMs: GRACE_MS,
      clock,
      eventSchema: ANY_EVENT,
      ...options,
    });
    stores.push(store);
    return store;
  };
  const markers = () => client.db(database).collection<MarkerDocument>(`${collection}_outbox`);
  const stream = () => `payment-${Math.random().toString(36).slice(2, 10)}`;

  beforeAll(() => client.connect());
  beforeEach(() => {
    collection = `commits_${++tests}`;
    clock = new ManualClock();
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await client.close();
    await dropMongoDatabase(url, database);
  });

  it("waits for this process's commit whose insert is under way instead of reading it, and relays it", async () => {
    const commits = client.db(database).collection<CommitDocument>(collection);
    const realInserts = new InsertBatcher(commits);
    let insertStarted!: () => void;
    const markerWritten = new Promise<void>((resolve) => (insertStarted = resolve));
    let releaseInsert!: () => void;
    const gate = new Promise<void>((resolve) => (releaseInsert = resolve));
    // The commit's insert is held until the relay asked for the outbox.
    const heldInserts = {
      insert: async (document: CommitDocument) => {
        insertStarted();
        await gate;
        return realInserts.insert(document);
      },
    } as unknown as InsertBatcher<CommitDocument>;
    const outbox = await MarkerOutbox.open(commits, heldInserts, markers(), clock, GRACE_MS);
    const event = { ...paymentEvent('PaymentCreated'), streamId: 'payment-held', version: 1 };
    const document: CommitDocument = {
      _id: 'payment-held@1',
      streamId: 'payment-held',
      firstVersion: 1,
      lastVersion: 1,
      sequence: 1,
      events: [event],
    };
    const reads = jest.spyOn(commits, 'findOne');

    const appended = outbox.insert(document);
    await markerWritten;
    const relayed = outbox.unpublished(10, []);
    releaseInsert();

    await expect(appended).resolves.toBe('inserted');
    expect((await relayed).map((commit) => commit.commitId)).toEqual(['payment-held@1']);
    expect(reads).not.toHaveBeenCalled();
  });

  it('skips a marker whose commit never appeared, and drops it after the grace period', async () => {
    const store = await open();
    const appended = await store.append(stream(), 0, [paymentEvent('PaymentCreated')]);
    await markers().insertOne({
      _id: 'orphan',
      commitId: 'payment-lost@1',
      streamId: 'payment-lost',
      firstVersion: 1,
      sequence: 1,
      writtenAt: clock.wall,
    });

    expect(await store.unpublishedCommits(10)).toEqual([appended]);
    expect(await markers().countDocuments({ _id: 'orphan' })).toBe(1);

    clock.wall += GRACE_MS + 1;
    expect(await store.unpublishedCommits(10)).toEqual([appended]);
    expect(await markers().countDocuments({ _id: 'orphan' })).toBe(0);
  });

  it('publishes a commit whose marker is older than the grace period (a slow relay)', async () => {
    const store = await open();
    const appended = await store.append(stream(), 0, [paymentEvent('PaymentCreated')]);

    clock.wall += 10 * GRACE_MS;
    const reopened = await open();

    expect(await reopened.unpublishedCommits(10)).toEqual([appended]);
  });

  it('writes a marker again for a commit that appeared after its marker was dropped as stale', async () => {
    const store = await open();
    const marked = await OutboxMarkers.open(markers(), clock);
    const markerId = await marked.write({
      commitId: 'late@1',
      streamId: 'late',
      firstVersion: 1,
      sequence: 5,
    });
    clock.wall += GRACE_MS + 1;

    // The commit lands just after the relay read it as missing (R1): the drop's second look (R3) finds it.
    const realFindOne = Collection.prototype.findOne;
    let intercepted = false;
    const findOne = jest.spyOn(Collection.prototype, 'findOne').mockImplementation(async function (
      this: Collection,
      ...args: unknown[]
    ) {
      const filter = args[0] as { _id?: unknown } | undefined;
      if (!intercepted && this.collectionName === collection && filter?._id === 'late@1') {
        intercepted = true;
        await client
          .db(database)
          .collection(collection)
          .insertOne({
            _id: 'late@1' as never,
            streamId: 'late',
            firstVersion: 1,
            lastVersion: 1,
            sequence: 5,
            events: [],
          });
        return null;
      }
      return (realFindOne as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    } as never);

    expect(await store.unpublishedCommits(10)).toEqual([]);

    expect(await markers().countDocuments({ _id: markerId })).toBe(0);
    expect((await markers().find({ commitId: 'late@1' }).toArray()).map((m) => m.sequence)).toEqual([5]);
    findOne.mockRestore();
    expect((await store.unpublishedCommits(10)).map((commit) => commit.commitId)).toEqual(['late@1']);
  });

  it('rewrites the marker of an append slower than half the grace period if it is gone', async () => {
    const marked = await OutboxMarkers.open(markers(), clock);
    const commit = { commitId: 'slow@1', streamId: 'slow', firstVersion: 1, sequence: 7 };
    const markerId = await marked.write(commit);

    await marked.ensure(markerId, commit);
    expect(await markers().countDocuments({ commitId: 'slow@1' })).toBe(1);
    await marked.remove(markerId);
    await marked.ensure(markerId, commit);
    expect(await markers().countDocuments({ commitId: 'slow@1' })).toBe(1);

    clock.step = GRACE_MS;
    const store = await open();
    const appended = await store.append(stream(), 0, [paymentEvent('PaymentCreated')]);
    expect(await markers().countDocuments({ commitId: appended.commitId })).toBe(1);
  });

  it('leaves one marker per commit when appends race for a version, and none once published', async () => {
    const store = await open();
    const others = await Promise.all([open(), open(), open()]);
    const streamId = stream();

    const results = await Promise.allSettled(
      [store, ...others, store, ...others].map((s) =>
        s.append(streamId, 0, [paymentEvent('PaymentCreated')]),
      ),
    );

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const outbox = await store.unpublishedCommits(10);
    expect(outbox.map((commit) => commit.commitId)).toEqual([`${streamId}@1`]);
    expect(await markers().countDocuments({})).toBe(1);
    await store.markPublished([`${streamId}@1`]);
    expect(await markers().countDocuments({})).toBe(0);
    expect(await store.unpublishedCommits(10)).toEqual([]);
  });

  it('keeps each stream in version order whatever sequence its markers carry', async () => {
    const store = await open();
    const streamId = stream();
    const first = await store.append(streamId, 0, [paymentEvent('PaymentCreated')]);
    const second = await store.append(streamId, 1, [paymentEvent('PaymentFinished')]);
    // A writer with a fast clock: the first commit's marker sorts after the second's.
    await markers().updateMany({ commitId: first.commitId }, { $set: { sequence: Number.MAX_SAFE_INTEGER } });

    expect((await store.unpublishedCommits(10)).map((c) => c.commitId)).toEqual([
      first.commitId,
      second.commitId,
    ]);
  });
});
