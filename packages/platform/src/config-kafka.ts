import { readFileSync } from 'node:fs';
import { parseBoolean, parseInteger, parseOneOf } from './config-values';

export const KAFKA_SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
export type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

/** How every Kafka client of the process reaches the brokers. */
export interface KafkaSecurityConfig {
  /** TLS to the brokers (an SSL or SASL_SSL listener); null: plaintext. */
  tls: Readonly<KafkaTlsConfig> | null;
  /** SASL authentication; null: none (or TLS client certificates alone). */
  sasl: Readonly<KafkaSaslConfig> | null;
}

export interface KafkaTlsConfig {
  /** PEM of the CAs the brokers' certificates are checked against; null: Node's public CAs. */
  ca: string | null;
  /** PEM client certificate and key, for brokers that authenticate clients by certificate. */
  cert: string | null;
  key: string | null;
}

export interface KafkaSaslConfig {
  mechanism: KafkaSaslMechanism;
  username: string;
  password: string;
}

/** The topics the gateway uses, with their `.dlq` dead-letter topics. */
export interface KafkaTopicsConfig {
  /** Create missing topics at start; false: create none, and refuse to start while one is missing. */
  create: boolean;
  /** Replication factor of created topics; null: the broker's `default.replication.factor`. */
  replicationFactor: number | null;
  /** `min.insync.replicas` of created topics; null: the broker's default. */
  minInsyncReplicas: number | null;
}

/** What config.ts's reader offers; kept structural so this file does not import it back. */
export interface KafkaConfigReader {
  raw(variable: string): string | undefined;
  read<T>(variable: string, parse: (raw: string) => T, fallback: T): T;
  fail(variable: string, message: string): void;
}

export const KAFKA_SSL_FILE_VARIABLES = ['KAFKA_SSL_CA_FILE', 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'];

/** Reads a file named by a variable; a file that cannot be read is that variable's issue. */
function fileOf(reader: KafkaConfigReader, variable: string): string | null {
  const file = reader.raw(variable);
  if (file === undefined) return null;
  try {
    const text = readFileSync(file, 'utf8');
    if (text.trim() === '') throw new Error('the file is empty');
    return text;
  } catch (error) {
    reader.fail(variable, `cannot read ${file}: ${(error as Error).message}`);
    return null;
  }
}

export function readKafkaSecurity(reader: KafkaConfigReader): KafkaSecurityConfig {
  const ca = fileOf(reader, 'KAFKA_SSL_CA_FILE');
  const cert = fileOf(reader, 'KAFKA_SSL_CERT_FILE');
  const key = fileOf(reader, 'KAFKA_SSL_KEY_FILE');
  const anyFile = KAFKA_SSL_FILE_VARIABLES.some((variable) => reader.raw(variable) !== undefined);
  const ssl = reader.read('KAFKA_SSL', parseBoolean, anyFile);
  if (!ssl && anyFile) {
    for (const variable of KAFKA_SSL_FILE_VARIABLES)
      if (reader.raw(variable) !== undefined) reader.fail(variable, 'is set while KAFKA_SSL is false');
  }
  if (
    (reader.raw('KAFKA_SSL_CERT_FILE') === undefined) !==
    (reader.raw('KAFKA_SSL_KEY_FILE') === undefined)
  ) {
    reader.fail(
      reader.raw('KAFKA_SSL_CERT_FILE') === undefined ? 'KAFKA_SSL_CERT_FILE' : 'KAFKA_SSL_KEY_FILE',
      'is needed with its pair: a client certificate goes with its key',
    );
  }

  const mechanism = reader.read(
    'KAFKA_SASL_MECHANISM',
    (raw) => parseOneOf(raw, KAFKA_SASL_MECHANISMS),
    null,
  );
  // Both are secrets (config-docs): the reader takes them from their `_FILE` when unset, as for every secret.
  const username = reader.raw('KAFKA_SASL_USERNAME') ?? null;
  const password = reader.raw('KAFKA_SASL_PASSWORD') ?? null;
  let sasl: KafkaSaslConfig | null = null;
  if (mechanism !== null) {
    if (username === null)
      reader.fail('KAFKA_SASL_USERNAME', `is needed with KAFKA_SASL_MECHANISM=${mechanism}`);
    if (password === null)
      reader.fail('KAFKA_SASL_PASSWORD', `is needed with KAFKA_SASL_MECHANISM=${mechanism}`);
    if (username !== null && password !== null) sasl = { mechanism, username, password };
  } else {
    for (const variable of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']) {
      if (reader.raw(variable) !== undefined)
        reader.fail(variable, 'is set without KAFKA_SASL_MECHANISM');
    }
  }
  return { tls: ssl ? { ca, cert, key } : null, sasl };
}

export function readKafkaTopics(reader: KafkaConfigReader): KafkaTopicsConfig {
  const replicationFactor = reader.read(
    'KAFKA_TOPIC_REPLICATION_FACTOR',
    (raw) => parseInteger(raw, 1, 32),
    null,
  );
  const minInsyncReplicas = reader.read(
    'KAFKA_TOPIC_MIN_INSYNC_REPLICAS',
    (raw) => parseInteger(raw, 1, 32),
    null,
  );
  if (replicationFactor !== null && minInsyncReplicas !== null && minInsyncReplicas > replicationFactor) {
    // Every acks=all write would then be refused with NOT_ENOUGH_REPLICAS.
    reader.fail('KAFKA_TOPIC_MIN_INSYNC_REPLICAS', 'must not exceed KAFKA_TOPIC_REPLICATION_FACTOR');
  }
  return {
    create: reader.read('KAFKA_CREATE_TOPICS', parseBoolean, true),
    replicationFactor,
    minInsyncReplicas,
  };
}
