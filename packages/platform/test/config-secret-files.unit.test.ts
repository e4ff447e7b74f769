import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONFIG_DOCS, ConfigError, loadConfig, SECRET_VARIABLE_NAMES } from '../src';

const HEX_KEY = 'ab'.repeat(32);
const OTHER_KEY = 'cd'.repeat(32);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-secret-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file as Kubernetes and Docker mount a secret: the value, often with a trailing newline. */
function secretFile(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

function issuesOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('secrets in files (<NAME>_FILE)', () => {
  it('marks the keys, passwords and URLs that carry credentials as secrets', () => {
    expect([...SECRET_VARIABLE_NAMES].sort()).toEqual(
      [
        'ADMIN_TOKEN',
        'MASTER_KEY',
        'MONGODB_URL',
        'REDIS_URL',
        'SCHEMA_REGISTRY_URL',
        'PRICE_SOURCE_API_KEY',
        'BTC_RPC_PASSWORD',
        'LTC_RPC_PASSWORD',
        'ETH_RPC_URL',
        'ETH_RPC_PASSWORD',
        'BSC_RPC_URL',
        'BSC_RPC_PASSWORD',
        'POLYGON_RPC_URL',
        'POLYGON_RPC_PASSWORD',
        'TRON_RPC_URL',
        'TRON_RPC_PASSWORD',
        'TRON_HTTP_URL',
        'TRON_API_KEY',
        'KAFKA_SASL_USERNAME',
        'KAFKA_SASL_PASSWORD',
        'OTEL_EXPORTER_OTLP_HEADERS',
        'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
      ].sort(),
    );
    for (const name of SECRET_VARIABLE_NAMES)
      expect(CONFIG_DOCS.find((doc) => doc.name === name)?.secret).toBe(true);
  });

  it('reads every secret from the file its _FILE names when the secret itself is unset, trailing newline trimmed', () => {
    const config = loadConfig({
      KAFKA_BROKERS: '127.0.0.1:9092',
      SERVICE: 'payments',
      MASTER_KEY_FILE: secretFile('master-key', `${HEX_KEY}\n`),
      ADMIN_TOKEN_FILE: secretFile('admin-token', 'a-token-of-24-characters\n'),
      MONGODB_URL_FILE: secretFile('mongodb-url', 'mongodb://gateway:pw@mongo:27017/?replicaSet=rs0\n'),
      REDIS_URL_FILE: secretFile('redis-url', 'redis://:pw@redis:6379'),
      SCHEMA_REGISTRY_URL_FILE: secretFile('registry-url', 'https://key:secret@registry.example.com'),
      PRICE_SOURCE_API_KEY_FILE: secretFile('price-key', 'CG-key\n'),
      BTC_RPC_URL: 'http://bitcoind:8332',
      BTC_RPC_USER: 'gateway',
      BTC_RPC_PASSWORD_FILE: secretFile('btc-password', 'btc-pw\n'),
      ETH_RPC_URL_FILE: secretFile('eth-url', 'https://mainnet.example.com/v3/provider-key\n'),
      ETH_RPC_USER: 'gateway',
      ETH_RPC_PASSWORD_FILE: secretFile('eth-password', 'eth-pw'),
    });
    expect(config.masterKey).toEqual(Buffer.from(HEX_KEY, 'hex'));
    expect(config.adminToken).toBe('a-token-of-24-characters');
    expect(config.engines).toMatchObject({
      mongodbUrl: 'mongodb://gateway:pw@mongo:27017/?replicaSet=rs0',
      redisUrl: 'redis://:pw@redis:6379',
      schemaRegistryUrl: 'https://key:secret@registry.example.com',
    });
    expect(config.prices.apiKey).toBe('CG-key');
    expect(config.chainWatchers.nodes.btc).toMatchObject({ rpcUser: 'gateway', rpcPassword: 'btc-pw' });
    expect(config.chainWatchers.nodes.eth).toMatchObject({
      rpcUrl: 'https://mainnet.example.com/v3/provider-key',
      rpcPassword: 'eth-pw',
    });
  });

  it('prefers the variable itself when both are set', () => {
    const config = loadConfig({ MASTER_KEY: HEX_KEY, MASTER_KEY_FILE: secretFile('other-key', OTHER_KEY) });
    expect(config.masterKey).toEqual(Buffer.from(HEX_KEY, 'hex'));
  });

  it('names the _FILE variable when its file is missing or empty, and never echoes a bad secret', () => {
    expect(
      issuesOf({
        MASTER_KEY_FILE: path.join(dir, 'no-such-file'),
        ADMIN_TOKEN_FILE: secretFile('empty', '\n'),
      }),
    ).toEqual([
      { variable: 'MASTER_KEY_FILE', message: `cannot read ${path.join(dir, 'no-such-file')} (ENOENT)` },
      { variable: 'ADMIN_TOKEN_FILE', message: `names an empty file (${path.join(dir, 'empty')})` },
    ]);
    const issues = issuesOf({ MASTER_KEY_FILE: secretFile('bad-key', 'not-a-key-but-secret\n') });
    expect(issues).toEqual([
      {
        variable: 'MASTER_KEY',
        message: 'must be a 32-byte key written as 64 hex characters or base64 (read from MASTER_KEY_FILE)',
      },
    ]);
    expect(JSON.stringify(issues)).not.toContain('not-a-key-but-secret');
  });

  it('reads no file for a variable that is not a secret', () => {
    expect(loadConfig({ LOG_LEVEL_FILE: secretFile('level', 'debug') }).logLevel).toBe('info');
  });
});
