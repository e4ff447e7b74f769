import { loadConfig } from '@gw/platform';
import { Projector } from '@gw/service-projector';
import {
  InMemoryReadModelStore,
  MongoEventStore,
  MongoReadModelStore,
  type ReadModelDocument,
} from '@gw/store';
import { dropMongoDatabase, randomDatabaseName } from '@gw/store/testing';
import { COLLECTIONS } from '@gw/views';
import { streamIdOf } from '@gw/domain';
import { replayReadModels } from '@gw/gateway';
import { paidLifecycle, paymentTerms, toNewEvent } from '../support/payment-events';

/** `gateway replay` on MongoDB: the read models are dropped and rebuilt from the commits alone. */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;

describe('replaying the MongoDB event store into the MongoDB read models', () => {
  const database = randomDatabaseName('replay');
  let eventStore: MongoEventStore;
  let readModels: MongoReadModelStore;

  beforeAll(async () => {
    eventStore = await MongoEventStore.open({ url, database });
    readModels = await MongoReadModelStore.open({ url, database });
  });

  afterAll(async () => {
    await eventStore.close();
    await readModels.close();
    await dropMongoDatabase(url, database);
  });

  it('replaces whatever the read models held with the projection of every event', async () => {
    const lifecycles = [8_100_000_001, 8_100_000_002, 8_100_000_003].map((paymentId) =>
      paymentTerms(paymentId),
    );
    for (const terms of lifecycles) {
      const events = paidLifecycle(terms).map((event) => toNewEvent(event, terms.merchantId));
      const streamId = streamIdOf('payment', terms.paymentId);
      await eventStore.append(streamId, 0, events.slice(0, 3));
      await eventStore.append(streamId, 3, events.slice(3));
    }
    const payments = readModels.collection<ReadModelDocument & Record<string, unknown>>(COLLECTIONS.payments);
    await payments.upsertIfNewer({ id: 'ghost', version: 1, merchantId: 'nobody' });
    await payments.upsertIfNewer({ id: String(lifecycles[0]!.paymentId), version: 99, status: 'corrupted' });

    const summary = await replayReadModels(eventStore, readModels);

    expect(summary.events).toBe(3 * 7);
    expect(summary.documents).toMatchObject({ payments: 3, invoices: 0 });
    const expected = new InMemoryReadModelStore();
    await new Projector(expected).rebuild(eventStore.readAll());
    const all = { filter: {}, sort: [['paymentId', 1]] as [string, 1][] };
    expect(await payments.find(all)).toEqual(await expected.collection(COLLECTIONS.payments).find(all));
    expect((await payments.get(String(lifecycles[0]!.paymentId)))?.status).toBe('finished');
  });
});
