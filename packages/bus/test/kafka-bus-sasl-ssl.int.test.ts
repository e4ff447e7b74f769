import { createLogger } from '@gw/platform';
import { createKafkaBus, KafkaConnectError, type KafkaConnection } from '../src';
import { describeMessageBusContract } from '../src/testing';
import { closeAndClean, makeTestKafkaBus, testKafkaConnection, uniqueSuffix } from './support/kafka-test-bus';
import { securedKafkaEnv, securedListener } from './support/secured-kafka';

/**
 * The bus on the local Kafka's SASL_SSL listener (TLS from a CA scripts/infra made, SCRAM and PLAIN
 * users), reached only through the gateway's own KAFKA_SSL / KAFKA_SASL_* settings.
 */
const listener = securedListener();
const securedConnection = (overrides: Record<string, string> = {}, mechanism?: 'plain' | 'scram-sha-256') =>
  testKafkaConnection({ ...process.env, ...securedKafkaEnv(listener, mechanism), ...overrides });

describeMessageBusContract(
  'kafka over SASL_SSL with SCRAM-SHA-512',
  async () => {
    const bus = await makeTestKafkaBus({}, securedConnection());
    return { bus, cleanup: () => closeAndClean(bus) };
  },
  { deliveryTimeoutMs: 15_000 },
);

describe('kafka over SASL_SSL', () => {
  const startBus = (connection: KafkaConnection) =>
    createKafkaBus({
      ...connection,
      logger: createLogger({ level: 'silent', service: 'kafka-sasl-ssl-test' }),
      topics: [{ name: `secured.${uniqueSuffix()}`, partitions: 1, configs: {}, key: 'test' }],
    });

  it.each(['plain', 'scram-sha-256'] as const)(
    'connects and creates its topics with %s too',
    async (mechanism) => {
      const bus = await startBus(securedConnection({}, mechanism));
      try {
        expect(bus.footprint().topics).toHaveLength(2);
      } finally {
        await closeAndClean(bus);
      }
    },
  );

  it('refuses to start on a wrong password, naming the user and the settings to check', async () => {
    const failure = startBus(securedConnection({ KAFKA_SASL_PASSWORD: 'not-the-password' }));
    await expect(failure).rejects.toThrow(KafkaConnectError);
    await expect(failure).rejects.toThrow(
      /refused the SASL credentials of user "gateway" \(scram-sha-512\).*check KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD/,
    );
  });

  it('refuses to start on a broker certificate its CAs do not trust, naming KAFKA_SSL_CA_FILE', async () => {
    // Without KAFKA_SSL_CA_FILE only Node's public CAs are trusted, and none signed the local CA.
    const connection = securedConnection();
    const untrusting = {
      ...connection,
      security: { ...connection.security!, tls: { ca: null, cert: null, key: null } },
    };
    const failure = startBus(untrusting);
    await expect(failure).rejects.toThrow(KafkaConnectError);
    await expect(failure).rejects.toThrow(
      /presented a TLS certificate that Node's public CAs do not trust \(self-signed certificate in certificate chain\); set KAFKA_SSL_CA_FILE/,
    );
  });
});
