import { loadConfig } from '@gw/platform';
import { ANY_EVENT, MongoEventStore, type EventStore, type OutboxMode } from '../src';
import {
  describeEventStoreContract,
  dropMongoDatabase,
  paymentEvent,
  randomDatabaseName,
} from '../src/testing';

/**
 * Runs against the real engines (`eval "$(scripts/infra env)"`): a database per suite, dropped after it,
 * and a collection per test. Both outbox layouts run here, whichever server answers.
 */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;

for (const outbox of ['flag', 'collection'] as OutboxMode[]) {
  describe(`${outbox} outbox`, () => {
    const database = randomDatabaseName(`event_store_${outbox}`);
    let tests = 0;

    afterAll(() => dropMongoDatabase(url, database));

    describeEventStoreContract('MongoDB commits', async ({ eventSchema }) => {
      const options = { url, database, collection: `commits_${++tests}`, outbox };
      let store: EventStore = await MongoEventStore.open({ ...options, eventSchema });
      return {
        store,
        reopen: async (reopened = { eventSchema }) => {
          await store.close();
          store = await MongoEventStore.open({ ...options, ...reopened });
          return store;
        },
        cleanup: () => store.close(),
      };
    });
  });
}

describe('appends after another process moved the stream on', () => {
  const database = randomDatabaseName('event_store_two_writers');
  afterAll(() => dropMongoDatabase(url, database));

  it('refuses an append at the version this process last read, with the version that won', async () => {
    const options = { url, database, collection: 'commits', eventSchema: ANY_EVENT };
    const [mine, theirs] = await Promise.all([MongoEventStore.open(options), MongoEventStore.open(options)]);
    try {
      const streamId = `payment-${Date.now()}`;
      await mine.append(streamId, 0, [paymentEvent('PaymentCreated')]);
      expect(await mine.readStream(streamId)).toHaveLength(1);
      await theirs.append(streamId, 1, [paymentEvent('DepositDetected'), paymentEvent('PaymentFinished')]);

      await expect(mine.append(streamId, 1, [paymentEvent('PaymentExpired')])).rejects.toMatchObject({
        name: 'ConcurrencyError',
        actualVersion: 3,
      });
      await expect(mine.append(streamId, 0, [paymentEvent('PaymentCreated')])).rejects.toMatchObject({
        actualVersion: 3,
      });
      expect((await theirs.readStream(streamId)).map((event) => event.type)).toEqual([
        'PaymentCreated',
        'DepositDetected',
        'PaymentFinished',
      ]);
    } finally {
      await Promise.all([mine.close(), theirs.close()]);
    }
  });
});
