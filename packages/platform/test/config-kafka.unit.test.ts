import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, type EngineConfig } from '../src';

const ENGINES = {
  KAFKA_BROKERS: 'b-1.msk.example:9096',
  MONGODB_URL: 'mongodb://127.0.0.1:27017',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

const dir = mkdtempSync(path.join(tmpdir(), 'kafka-config-'));
const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};
const CA = '-----BEGIN CERTIFICATE-----\nca\n-----END CERTIFICATE-----\n';
const CERT = '-----BEGIN CERTIFICATE-----\nclient\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nkey\n-----END PRIVATE KEY-----\n';

function engines(env: Record<string, string>): EngineConfig {
  const config = loadConfig({ ...ENGINES, ...env });
  if (config.mode !== 'engines') throw new Error('expected the engines');
  return config.engines;
}

function issuesOf(env: Record<string, string>): Array<{ variable: string; message: string }> {
  try {
    loadConfig({ ...ENGINES, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('Kafka security settings', () => {
  it('are plaintext without authentication, creating topics with the broker defaults, when unset', () => {
    expect(engines({})).toMatchObject({
      kafkaSecurity: { tls: null, sasl: null },
      kafkaTopics: { create: true, replicationFactor: null, minInsyncReplicas: null },
    });
  });

  it('use TLS with the public CAs and SCRAM for MSK', () => {
    expect(
      engines({
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
        KAFKA_SASL_USERNAME: 'gateway',
        KAFKA_SASL_PASSWORD: 'pw',
      }).kafkaSecurity,
    ).toEqual({
      tls: { ca: null, cert: null, key: null },
      sasl: { mechanism: 'scram-sha-512', username: 'gateway', password: 'pw' },
    });
  });

  it('read the CA, client certificate and key from files, which turn TLS on', () => {
    expect(
      engines({
        KAFKA_SSL_CA_FILE: file('ca.pem', CA),
        KAFKA_SSL_CERT_FILE: file('service.cert', CERT),
        KAFKA_SSL_KEY_FILE: file('service.key', KEY),
      }).kafkaSecurity,
    ).toEqual({ tls: { ca: CA, cert: CERT, key: KEY }, sasl: null });
  });

  it('read the SASL user name and password from mounted secret files, without their last newline', () => {
    expect(
      engines({
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'plain',
        KAFKA_SASL_USERNAME_FILE: file('username', 'API-KEY\n'),
        KAFKA_SASL_PASSWORD_FILE: file('password', 's3cret\n'),
      }).kafkaSecurity.sasl,
    ).toEqual({ mechanism: 'plain', username: 'API-KEY', password: 's3cret' });
  });

  it.each<[string, Record<string, string>, string, RegExp]>([
    [
      'a mechanism without a password',
      { KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' },
      'KAFKA_SASL_PASSWORD',
      /needed with KAFKA_SASL_MECHANISM=plain/,
    ],
    [
      'credentials without a mechanism',
      { KAFKA_SASL_USERNAME: 'u' },
      'KAFKA_SASL_USERNAME',
      /without KAFKA_SASL_MECHANISM/,
    ],
    [
      'an unknown mechanism',
      { KAFKA_SASL_MECHANISM: 'gssapi' },
      'KAFKA_SASL_MECHANISM',
      /plain, scram-sha-256, scram-sha-512/,
    ],
    [
      'a CA file that is not there',
      { KAFKA_SSL_CA_FILE: path.join(dir, 'missing.pem') },
      'KAFKA_SSL_CA_FILE',
      /cannot read .*missing\.pem/,
    ],
    [
      'a client certificate without its key',
      { KAFKA_SSL_CERT_FILE: file('c.pem', CERT) },
      'KAFKA_SSL_KEY_FILE',
      /with its pair/,
    ],
    [
      'a CA file with TLS turned off',
      { KAFKA_SSL: 'false', KAFKA_SSL_CA_FILE: file('ca2.pem', CA) },
      'KAFKA_SSL_CA_FILE',
      /KAFKA_SSL is false/,
    ],
    [
      'more in-sync replicas than replicas',
      { KAFKA_TOPIC_REPLICATION_FACTOR: '2', KAFKA_TOPIC_MIN_INSYNC_REPLICAS: '3' },
      'KAFKA_TOPIC_MIN_INSYNC_REPLICAS',
      /must not exceed KAFKA_TOPIC_REPLICATION_FACTOR/,
    ],
  ])('refuse %s, naming the variable', (_case, env, variable, message) => {
    expect(issuesOf(env)).toContainEqual({ variable, message: expect.stringMatching(message) });
  });

  it('set the replication, min.insync.replicas and whether topics are created', () => {
    expect(
      engines({
        KAFKA_TOPIC_REPLICATION_FACTOR: '3',
        KAFKA_TOPIC_MIN_INSYNC_REPLICAS: '2',
        KAFKA_CREATE_TOPICS: 'false',
      }).kafkaTopics,
    ).toEqual({ create: false, replicationFactor: 3, minInsyncReplicas: 2 });
  });
});
