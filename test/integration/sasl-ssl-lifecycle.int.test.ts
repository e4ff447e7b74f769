import { randomBytes } from 'node:crypto';
import { loadConfig } from '@gw/platform';
import { deleteKafkaNamespace } from '@gw/bus/testing';
import { securedKafkaEnv, securedListener } from '../../packages/bus/test/support/secured-kafka';
import { deleteKeysUnder } from '@gw/cache/testing';
import { dropMongoDatabase } from '@gw/store/testing';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { readyClient, type V1Client } from '../e2e/v1/v1-client';

/**
 * The whole gateway on the real engines with Kafka reached only through its SASL_SSL listener (TLS
 * from the CA scripts/infra made, SCRAM-SHA-512): a V1 payment from create to finished.
 */
describe('a payment lifecycle over SASL_SSL Kafka', () => {
  const namespace = `sasl${randomBytes(4).toString('hex')}`;
  const listener = securedListener();
  const env = {
    MONGODB_URL: process.env.MONGODB_URL!,
    REDIS_URL: process.env.REDIS_URL!,
    ...securedKafkaEnv(listener),
    MONGODB_DB: namespace,
    KAFKA_TOPIC_PREFIX: `${namespace}.`,
    REDIS_KEY_PREFIX: `${namespace}:`,
    SANDBOX_ENABLED: 'true',
  };
  let gateway: TestGateway;
  let client: V1Client;

  beforeAll(async () => {
    gateway = await startTestGateway({ env });
    client = await readyClient(gateway);
  });

  afterAll(async () => {
    await gateway?.stop();
    const config = loadConfig(env);
    await Promise.allSettled([
      dropMongoDatabase(env.MONGODB_URL, namespace),
      deleteKeysUnder(env.REDIS_URL, env.REDIS_KEY_PREFIX),
      deleteKafkaNamespace(
        { brokers: config.engines!.kafkaBrokers, security: config.engines!.kafkaSecurity },
        env.KAFKA_TOPIC_PREFIX,
      ),
    ]);
  });

  it('runs on the engines, its bus on the secured listener', () => {
    expect(gateway.gateway.config).toMatchObject({
      mode: 'engines',
      engines: {
        kafkaBrokers: [listener.brokers],
        kafkaSecurity: { sasl: { mechanism: 'scram-sha-512' }, tls: { ca: expect.any(String) } },
      },
    });
  });

  it('takes a sandbox payment from waiting to finished, with the events of each step', async () => {
    const created = await client.createPayment({ pay_currency: 'ltc', case: 'success', order_id: 'SASL-1' });
    expect(created.payment_status).toBe('waiting');
    const finished = await client.paymentWhen(
      created.payment_id,
      (payment) => payment.payment_status === 'finished',
      60_000,
    );
    expect(finished).toMatchObject({ actually_paid: created.pay_amount, payin_hash: expect.any(String) });
    const events = await gateway.gateway.ctx.eventStore.readStream(`payment-${created.payment_id}`);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['PaymentCreated', 'DepositDetected', 'PaymentConfirmed', 'PaymentFinished']),
    );
  });
});
