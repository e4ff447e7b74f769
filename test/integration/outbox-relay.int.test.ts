import { InProcessBus, SchemaValidatingJsonCodec } from '@gw/bus';
import { InMemoryCache } from '@gw/cache';
import { TOPIC_SCHEMAS, TOPICS, type EventMessage } from '@gw/contracts';
import { streamIdOf } from '@gw/domain';
import { createLogger, loadConfig, systemClock } from '@gw/platform';
import type { Service } from '@gw/application';
import { OutboxRelay } from '@gw/service-payments';
import { createProjectorService, Projector } from '@gw/service-projector';
import { InMemoryReadModelStore, MongoEventStore, MongoReadModelStore, type ReadModelStore } from '@gw/store';
import { dropMongoDatabase, randomDatabaseName } from '@gw/store/testing';
import { COLLECTIONS, ReadModelStreamHistory } from '@gw/views';
import {
  intoCommits,
  paidLifecycle,
  paymentTerms,
  seededRandom,
  toNewEvent,
} from '../support/payment-events';
import { RecordingReadModels, RelayProcess, type PublishRecord } from './relay-fixtures';

/**
 * The outbox relay over the MongoDB event store, the in-process bus and the in-memory cache, with the
 * projector writing MongoDB read models: one relay is killed in the middle of a publish while commits keep
 * arriving, and the relays that take over must neither lose nor reorder any stream's events.
 */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;
const logger = createLogger({ level: 'silent' });

const STREAMS = 12;
const LEASE_TTL_MS = 3_000;

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('outbox relay on the MongoDB event store', () => {
  const database = randomDatabaseName('relay');
  let eventStore: MongoEventStore;
  let mongoReadModels: MongoReadModelStore;
  let bus: InProcessBus;
  let cache: InMemoryCache;
  const stoppers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    eventStore = await MongoEventStore.open({ url, database });
    mongoReadModels = await MongoReadModelStore.open({ url, database });
    bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec(TOPIC_SCHEMAS) });
    cache = new InMemoryCache();
  });

  afterAll(async () => {
    for (const stop of stoppers.reverse()) await stop();
    await bus.close();
    await cache.close();
    await eventStore.close();
    await mongoReadModels.close();
    await dropMongoDatabase(url, database);
  });

  it('delivers every event to the read models once and in stream order across a relay crash', async () => {
    const readModels = new RecordingReadModels(mongoReadModels);
    const projector: Service = createProjectorService({
      bus,
      readModels,
      history: new ReadModelStreamHistory(readModels),
      clock: systemClock,
    });
    await projector.start();
    stoppers.push(() => projector.stop());
    const delivered: { streamId: string; version: number }[] = [];
    const observer = await bus.subscribe(
      { topics: [TOPICS.events], groupId: 'relay-test-observer', fromBeginning: true },
      async (message) => {
        const event = message.value as EventMessage;
        delivered.push({ streamId: event.streamId, version: event.version });
      },
    );
    stoppers.push(() => observer.stop());

    const publishes: PublishRecord[] = [];
    const relayOf = (process: RelayProcess) => {
      const relay = new OutboxRelay(eventStore, process.relayBus, process.relayCache, logger, {
        instanceId: process.name,
        batchSize: 4,
        pollIntervalMs: 20,
        leaseTtlMs: LEASE_TTL_MS,
      });
      relay.start();
      return relay;
    };
    const first = new RelayProcess('relay-1', bus, cache, publishes, 3);
    const standby = new RelayProcess('relay-standby', bus, cache, publishes);
    relayOf(first);
    const standbyRelay = relayOf(standby);
    stoppers.push(() => standbyRelay.stop());

    const random = seededRandom(20260101);
    const streams = Array.from({ length: STREAMS }, (_, i) => {
      const terms = paymentTerms(7_000_000_000 + Math.floor(random() * 1_000_000) * 100 + i);
      const events = paidLifecycle(terms).map((event) => toNewEvent(event, terms.merchantId));
      return { streamId: streamIdOf('payment', terms.paymentId), commits: intoCommits(events, random) };
    });
    const versions = new Map(streams.map(({ streamId }) => [streamId, 0]));
    const appendCommits = (from: number, to: number) =>
      Promise.all(
        streams.map(async ({ streamId, commits }) => {
          for (const events of commits.slice(from, to)) {
            await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 60)));
            await eventStore.append(streamId, versions.get(streamId)!, events);
            versions.set(streamId, versions.get(streamId)! + events.length);
          }
        }),
      );

    // The first half of every stream goes out while the first relay is alive; it dies on its third publish.
    await appendCommits(0, 2);
    await eventually(async () => first.killedAt !== undefined, 20_000);
    // The crashed relay comes back under a new instance id and competes with the standby for the lease
    // while the rest of every stream is appended.
    const restarted = relayOf(new RelayProcess('relay-1-restarted', bus, cache, publishes));
    stoppers.push(() => restarted.stop());
    await appendCommits(2, Infinity);
    await eventually(async () => (await eventStore.unpublishedCommits(1)).length === 0, 20_000);
    const totalEvents = streams.reduce((sum, stream) => sum + stream.commits.flat().length, 0);
    const documentWrites = () =>
      readModels.writes.filter((write) => write.collection === COLLECTIONS.payments);
    await eventually(async () => documentWrites().length >= totalEvents, 20_000);

    // The first relay died inside a publish and the others only published after that, one at a time.
    expect(first.killedAt).toBeDefined();
    const beforeKill = publishes.filter((record) => record.startedAt <= first.killedAt!);
    const afterKill = publishes.filter((record) => record.startedAt > first.killedAt!);
    expect(beforeKill.every((record) => record.relay === 'relay-1')).toBe(true);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.every((record) => record.relay !== 'relay-1')).toBe(true);
    const overlapping = afterKill.filter((a) =>
      afterKill.some((b) => a.relay !== b.relay && a.startedAt < b.endedAt && b.startedAt < a.endedAt),
    );
    expect(overlapping).toEqual([]);

    // The half-published batch went out again after the crash: consumers saw duplicates ...
    expect(delivered.length).toBeGreaterThan(totalEvents);
    for (const { streamId, commits } of streams) {
      const versions = delivered.filter((event) => event.streamId === streamId).map((event) => event.version);
      const firstSeen = versions.filter((version, i) => versions.indexOf(version) === i);
      // ... but every stream's events arrived, first time each, in version order without gaps.
      expect(firstSeen).toEqual(Array.from({ length: commits.flat().length }, (_, i) => i + 1));
    }

    // The projector applied each event exactly once, in stream order ...
    for (const { streamId, commits } of streams) {
      const id = streamId.slice('payment-'.length);
      const written = documentWrites()
        .filter((write) => write.id === id)
        .map((write) => write.version);
      expect(written).toEqual(Array.from({ length: commits.flat().length }, (_, i) => i + 1));
    }
    // ... and the read models equal a rebuild from the event store.
    const rebuilt: ReadModelStore = new InMemoryReadModelStore();
    await new Projector(rebuilt).rebuild(eventStore.readAll());
    const sort: [string, 1][] = [['paymentId', 1]];
    const projected = await mongoReadModels.collection(COLLECTIONS.payments).find({ filter: {}, sort });
    expect(projected).toHaveLength(STREAMS);
    expect(projected).toEqual(await rebuilt.collection(COLLECTIONS.payments).find({ filter: {}, sort }));
    // The history holds every event once, as a rebuild records it.
    const byEvent: [string, 1][] = [
      ['streamId', 1],
      ['version', 1],
    ];
    const history = await mongoReadModels
      .collection(COLLECTIONS.streamEvents)
      .find({ filter: {}, sort: byEvent });
    expect(history).toHaveLength(totalEvents);
    expect(history).toEqual(
      await rebuilt.collection(COLLECTIONS.streamEvents).find({ filter: {}, sort: byEvent }),
    );
  });
});
