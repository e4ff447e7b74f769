import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANY_EVENT, InMemoryReadModelStore, JsonlEventStore } from '@gw/store';
import { ReadModelStreamHistory, ReadModelWriter } from '../src';
import { harnessOver, streamHistoryContract } from '../src/testing';

streamHistoryContract('the history read model (in memory)', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'gw-history-'));
  const log = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
  const readModels = new InMemoryReadModelStore();
  await new ReadModelWriter(readModels).ensureIndexes();
  return harnessOver(new ReadModelStreamHistory(readModels), log, () =>
    rm(directory, { recursive: true, force: true }),
  );
});
