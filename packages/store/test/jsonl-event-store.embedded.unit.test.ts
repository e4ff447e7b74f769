import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonlEventStore, type EventStore } from '../src';
import { describeEventStoreContract } from '../src/testing';

describeEventStoreContract('JSONL file', async (options) => {
  const directory = await mkdtemp(join(tmpdir(), 'gw-event-store-'));
  let store: EventStore = await JsonlEventStore.open({ directory, ...options });
  return {
    store,
    reopen: async (reopened = options) => {
      await store.close();
      store = await JsonlEventStore.open({ directory, ...reopened });
      return store;
    },
    cleanup: async () => {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
