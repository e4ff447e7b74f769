import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANY_EVENT, JsonlEventStore, MongoReadModelStore } from '@gw/store';
import { dropMongoDatabase, randomDatabaseName } from '@gw/store/testing';
import { ReadModelStreamHistory, ReadModelWriter } from '../src';
import { harnessOver, streamHistoryContract } from '../src/testing';

/** Runs against the real engines (`eval "$(scripts/infra env)"`) in a database of its own. */
const url = process.env.MONGODB_URL;
if (!url) throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');

streamHistoryContract('the history read model (MongoDB)', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'gw-history-'));
  const log = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
  const database = randomDatabaseName('history');
  const readModels = await MongoReadModelStore.open({ url, database });
  await new ReadModelWriter(readModels).ensureIndexes();
  return harnessOver(new ReadModelStreamHistory(readModels), log, async () => {
    await readModels.close();
    await dropMongoDatabase(url, database);
    await rm(directory, { recursive: true, force: true });
  });
});
