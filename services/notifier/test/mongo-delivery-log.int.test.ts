import { randomUUID } from 'node:crypto';
import { loadConfig } from '@gw/platform';
import { MongoClient } from 'mongodb';
import { DELIVERY_COLLECTIONS, MongoDeliveryLog } from '../src/log/mongo-delivery-log';
import { describeDeliveryLogContract } from '../src/testing/delivery-log-contract';

/** Runs against the real engines (`eval "$(scripts/infra env)"`), each test in a database of its own. */
function engines() {
  const config = loadConfig(process.env);
  if (config.mode !== 'engines')
    throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
  return config.engines;
}

describeDeliveryLogContract('MongoDB', () => {
  const { mongodbUrl } = engines();
  const dbName = `notifier_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  return {
    async openLog() {
      const log = new MongoDeliveryLog({ url: mongodbUrl, dbName });
      await log.open();
      return log;
    },
    async reopen(log) {
      await log.close();
      const again = new MongoDeliveryLog({ url: mongodbUrl, dbName });
      await again.open();
      return again;
    },
    async cleanup() {
      const client = new MongoClient(mongodbUrl);
      try {
        await client.connect();
        await client.db(dbName).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
});

describe('the MongoDB delivery log after the catch-up moved to instants', () => {
  it('reads a checkpoint saved by position as caught up to its `since`, and saves an instant over it', async () => {
    const { mongodbUrl } = engines();
    const dbName = `notifier_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const client = new MongoClient(mongodbUrl);
    const log = new MongoDeliveryLog({ url: mongodbUrl, dbName });
    try {
      await client.connect();
      await client
        .db(dbName)
        .collection<{ _id: string; position: number; since: string }>(DELIVERY_COLLECTIONS.checkpoints)
        .insertOne({ _id: 'notifier', position: 42, since: '2026-01-01T00:00:00.000Z' });
      await log.open();

      expect(await log.checkpoint()).toEqual({
        since: '2026-01-01T00:00:00.000Z',
        caughtUpTo: '2026-01-01T00:00:00.000Z',
      });
      await log.saveCheckpoint({ since: '2026-01-01T00:00:00.000Z', caughtUpTo: '2026-02-01T00:00:00.000Z' });
      expect(await log.checkpoint()).toEqual({
        since: '2026-01-01T00:00:00.000Z',
        caughtUpTo: '2026-02-01T00:00:00.000Z',
      });
    } finally {
      await log.close();
      await client.db(dbName).dropDatabase();
      await client.close();
    }
  });
});
