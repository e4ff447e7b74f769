import { loadConfig } from '@gw/platform';
import { MongoEventStore, type EventStore } from '../src';
import { describeEventStoreContract, dropMongoDatabase, randomDatabaseName } from '../src/testing';

/** Runs against the real engines (`eval "$(scripts/infra env)"`): one database per suite, one collection per test. */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;
const database = randomDatabaseName('event_store');
let tests = 0;

afterAll(() => dropMongoDatabase(url, database));

describeEventStoreContract('MongoDB commits', async () => {
  const options = { url, database, collection: `commits_${++tests}` };
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
