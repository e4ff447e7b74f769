import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemoryReadModelStore } from '@gw/store';
import { JournaledWatchStore } from '../src/watchers/journaled-watch-store';
import { ReadModelWatchStore } from '../src/watchers/read-model-watch-store';
import { watchStoreContract } from './support/watch-store-contract';

watchStoreContract('JournaledWatchStore', async () => {
  const directory = await mkdtemp(path.join(tmpdir(), 'watch-store-'));
  const file = path.join(directory, 'chain-watch.jsonl');
  let current = new JournaledWatchStore(file);
  return {
    store: current,
    async reopen() {
      current = new JournaledWatchStore(file);
      return current;
    },
    async cleanup() {
      await current.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

// The in-memory read models stand in for the collections here; the MongoDB run is watch-store.int.test.ts.
watchStoreContract('ReadModelWatchStore on the in-memory read models', async () => {
  const readModels = new InMemoryReadModelStore();
  return {
    store: new ReadModelWatchStore(readModels),
    reopen: async () => new ReadModelWatchStore(readModels),
    cleanup: () => readModels.close(),
  };
});
