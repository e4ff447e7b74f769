import { randomUUID } from 'node:crypto';
import { loadConfig } from '@gw/platform';
import { MongoClient } from 'mongodb';
import { MongoDeliveryLog } from '../src/log/mongo-delivery-log';
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
