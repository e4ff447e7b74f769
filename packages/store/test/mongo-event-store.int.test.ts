import { loadConfig } from '@gw/platform';
import { MongoEventStore, type EventStore, type StreamReads } from '../src';
import { describeEventStoreContract, dropMongoDatabase, randomDatabaseName } from '../src/testing';

/**
 * Runs against the real engines (`eval "$(scripts/infra env)"`): a database per suite, dropped after it,
 * and a collection per test. Both ways of reading a stream run here, whichever server answers.
 */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;

for (const streamReads of ['query', 'walk'] as StreamReads[]) {
  describe(`streams read by ${streamReads}`, () => {
    const database = randomDatabaseName(`event_store_${streamReads}`);
    let tests = 0;

    afterAll(() => dropMongoDatabase(url, database));

    describeEventStoreContract('MongoDB commits', async () => {
      const options = { url, database, collection: `commits_${++tests}`, streamReads };
      let store: EventStore = await MongoEventStore.open(options);
      return {
        store,
        reopen: async () => {
          await store.close();
          store = await MongoEventStore.open(options);
          return store;
        },
        cleanup: () => store.close(),
      };
    });
  });
}
