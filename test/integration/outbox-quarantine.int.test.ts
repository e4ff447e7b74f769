import { randomBytes } from 'node:crypto';
import { ANY_EVENT, MongoEventStore } from '@gw/store';
import { deleteKafkaNamespace } from '@gw/bus/testing';
import { deleteKeysUnder } from '@gw/cache/testing';
import { dropMongoDatabase } from '@gw/store/testing';
import { admin, eventually, PaymentDriver, statusesOf } from '../e2e/notifier/support/notifier-harness';
import { startReceiver, type Receiver } from '../e2e/notifier/support/receiver';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { unpublishablePlanCreated } from '../support/unpublishable-commit';

/**
 * Issue 22's halt on the real engines: the whole gateway in this process on Kafka, FerretDB (MongoDB
 * protocol), Redis and the schema registry, over an event store that already holds a commit
 * `payments.events` refuses (a plan with amount "Infinity", written before appends were checked).
 */
const engines = {
  KAFKA_BROKERS: requiredEnv('KAFKA_BROKERS'),
  MONGODB_URL: requiredEnv('MONGODB_URL'),
  REDIS_URL: requiredEnv('REDIS_URL'),
  SCHEMA_REGISTRY_URL: requiredEnv('SCHEMA_REGISTRY_URL'),
};

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`integration tests need the real engines (${name}): eval "$(scripts/infra env)"`);
  return value;
}

describe('an unpublishable commit on the real engines', () => {
  const namespace = `quarantine${randomBytes(4).toString('hex')}`;
  const env = {
    ...engines,
    MONGODB_DB: namespace,
    KAFKA_TOPIC_PREFIX: `${namespace}.`,
    REDIS_KEY_PREFIX: `${namespace}:`,
    SANDBOX_ENABLED: 'true',
  };
  let gateway: TestGateway | undefined;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await gateway?.stop();
    await receiver.close();
    await Promise.allSettled([
      dropMongoDatabase(engines.MONGODB_URL, namespace),
      deleteKeysUnder(engines.REDIS_URL, env.REDIS_KEY_PREFIX),
      deleteKafkaNamespace({ brokers: engines.KAFKA_BROKERS.split(',') }, env.KAFKA_TOPIC_PREFIX),
    ]);
  });

  it('is quarantined while another merchant’s payment is published through the registry and its webhooks delivered', async () => {
    const old = await MongoEventStore.open({
      url: engines.MONGODB_URL,
      database: namespace,
      eventSchema: ANY_EVENT,
    });
    const planted = await old.append('plan-900002', 0, [unpublishablePlanCreated(900002)]);
    await old.close();

    gateway = await startTestGateway({ env });
    const driver = new PaymentDriver(gateway);
    const terms = await driver.open('v1', gateway.demoMerchant, `${receiver.url}/ipn`);
    await driver.payInFull(terms);

    await eventually(() => receiver.calls.length >= 3, 60_000);
    expect(statusesOf(receiver.calls, 'payment_status').slice(0, 3)).toEqual([
      'waiting',
      'confirming',
      'confirmed',
    ]);
    const { body } = await admin<{ count: number; result: { commit_id: string; reason: string }[] }>(
      gateway,
      'GET',
      '/outbox/quarantine',
    );
    expect(body.count).toBe(1);
    expect(body.result[0]).toMatchObject({
      commit_id: planted.commitId,
      reason: expect.stringMatching(/^SubscriptionPlanCreated version 1: \/data\/amount must match pattern/),
    });
    const ready = (await (await fetch(`${gateway.baseUrl}/health/ready`)).json()) as {
      status: string;
      checks: Record<string, { status: string }>;
    };
    expect(ready.status).toBe('ready');
    expect(ready.checks.outbox!.status).toBe('degraded');
  });
});
