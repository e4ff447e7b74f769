import { loadConfig } from '@gw/platform';
import { MongoReadModelStore } from '@gw/store';
import { dropMongoDatabase, randomDatabaseName } from '@gw/store/testing';
import { ReadModelWatchStore } from '../src/watchers/read-model-watch-store';
import { watchStoreContract } from './support/watch-store-contract';

const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const url = config.engines.mongodbUrl;

watchStoreContract('ReadModelWatchStore on MongoDB', async () => {
  const database = randomDatabaseName('watch_store');
  const open = () => MongoReadModelStore.open({ url, database });
  let readModels = await open();
  return {
    store: new ReadModelWatchStore(readModels),
    async reopen() {
      await readModels.close();
      readModels = await open();
      return new ReadModelWatchStore(readModels);
    },
    async cleanup() {
      await readModels.close();
      await dropMongoDatabase(url, database);
    },
  };
});
