import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InProcessBus, SchemaValidatingJsonCodec } from '@gw/bus';
import { InMemoryCache } from '@gw/cache';
import { TOPICS, TOPIC_SCHEMAS, type EventMessage } from '@gw/contracts';
import { createLogger, ManualClock } from '@gw/platform';
import { InMemoryReadModelStore, JsonlEventStore } from '@gw/store';
import { ReadModelWriter, ReadModelStreamHistory } from '@gw/views';
import { OutboxRelay } from '../src/outbox-relay';
import { appendPaidLifecycle } from './support/paid-lifecycle-commits';

describe('OutboxRelay and the history read model', () => {
  let directory: string;
  let store: JsonlEventStore;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'outbox-relay-history-'));
    store = await JsonlEventStore.open({ directory });
  });

  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('records each commit in the history before a consumer of payments.events hears it', async () => {
    // Appended by a payments instance that died before its own write: the history holds none of it.
    const version = await appendPaidLifecycle(store, 31);
    const readModels = new InMemoryReadModelStore();
    const writer = new ReadModelWriter(readModels);
    const history = new ReadModelStreamHistory(readModels);
    const bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec(TOPIC_SCHEMAS) });
    const foundWhenHeard: number[] = [];
    const subscription = await bus.subscribe(
      { topics: [TOPICS.events], groupId: 'test', fromBeginning: true },
      async (message) => {
        const event = message.value as EventMessage;
        foundWhenHeard.push((await history.events(event.streamId, event.version)).length);
      },
    );
    const relay = new OutboxRelay(store, bus, new InMemoryCache(), createLogger({ level: 'silent' }), {
      instanceId: 'relay-1',
      batchSize: 3,
      clock: new ManualClock('2026-01-01T10:00:00.000Z'),
      beforePublish: (commits) => writer.record(commits.flatMap((commit) => commit.events)),
    });

    // Batches of three: the consumer hears earlier batches before the relay records later ones.
    let published = 0;
    for (let batch = await relay.pass(); batch > 0; batch = await relay.pass()) published += batch;
    expect(published).toBe(version);
    await subscription.stop();
    await bus.close();

    // The consumer found the event it heard and every one before it, in order.
    expect(foundWhenHeard).toEqual(Array.from({ length: version }, (_, i) => i + 1));
  });
});
