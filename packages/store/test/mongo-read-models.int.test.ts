import { loadConfig } from '@gw/platform';
import { MongoReadModelStore } from '../src';
import { describeReadModelContract, dropMongoDatabase, randomDatabaseName } from '../src/testing';

/** Runs against the real engines (`eval "$(scripts/infra env)"`) in a database of its own. */
const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;

describeReadModelContract('MongoDB', async () => {
  const database = randomDatabaseName('read_models');
  const store = await MongoReadModelStore.open({ url, database });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await dropMongoDatabase(url, database);
    },
  };
});
