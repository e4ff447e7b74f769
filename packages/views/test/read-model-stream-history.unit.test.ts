import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANY_EVENT, InMemoryReadModelStore, JsonlEventStore } from '@gw/store';
import { ReadModelStreamHistory, ReadModelWriter } from '../src';
import { streamHistoryContract } from '../src/testing';

streamHistoryContract('the history read model (in memory)', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'gw-history-'));
  const log = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
  const readModels = new InMemoryReadModelStore();
  await new ReadModelWriter(readModels).ensureIndexes();
  const history = new ReadModelStreamHistory(readModels);
  return {
    history,
    async append(streamId, events) {
      const head = (await log.readStream(streamId)).length;
      const { events: stored } = await log.append(streamId, head, events);
      await history.record(stored);
      return stored;
    },
    async close() {
      await log.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
