import type { KafkaSecurityConfig, Logger } from '@gw/platform';
import { Kafka, logLevel, type KafkaConfig, type SASLOptions } from 'kafkajs';
import type { ConnectionOptions } from 'node:tls';
import { kafkaLogLevelFor, pinoLogCreator } from './kafka-logging';

/** Where the brokers are and how to reach them: what every kafkajs client of the gateway is built from. */
export interface KafkaConnection {
  brokers: readonly string[];
  clientId: string;
  /** TLS and SASL (KAFKA_SSL…, KAFKA_SASL_…); plaintext without authentication when absent. */
  security?: KafkaSecurityConfig;
}

export const PLAINTEXT: KafkaSecurityConfig = { tls: null, sasl: null };

/** The listener type the connection needs, in Kafka's words (for messages an operator reads). */
export function securityProtocolOf(security: KafkaSecurityConfig = PLAINTEXT): string {
  if (security.tls) return security.sasl ? 'SASL_SSL' : 'SSL';
  return security.sasl ? 'SASL_PLAINTEXT' : 'PLAINTEXT';
}

/** Node's TLS options for the brokers; null on a plaintext listener. */
export function tlsOptionsOf(security: KafkaSecurityConfig = PLAINTEXT): ConnectionOptions | null {
  const { tls } = security;
  if (!tls) return null;
  return {
    // Unset: Node's public CAs, which managed clusters (Confluent Cloud, MSK) are signed by.
    ...(tls.ca ? { ca: [tls.ca] } : {}),
    ...(tls.cert && tls.key ? { cert: tls.cert, key: tls.key } : {}),
    rejectUnauthorized: true,
  };
}

function saslOf(security: KafkaSecurityConfig): SASLOptions | undefined {
  const { sasl } = security;
  if (!sasl) return undefined;
  const { username, password } = sasl;
  switch (sasl.mechanism) {
    case 'plain':
      return { mechanism: 'plain', username, password };
    case 'scram-sha-256':
      return { mechanism: 'scram-sha-256', username, password };
    case 'scram-sha-512':
      return { mechanism: 'scram-sha-512', username, password };
  }
}

/**
 * The kafkajs settings of a connection; `logger` routes kafkajs' logging into pino, else it stays silent.
 * The bus, the namespace cleanup, probes and the tests all build their clients here, so a secured
 * cluster is reached the same way by each of them.
 */
export function kafkaClientConfig(connection: KafkaConnection, logger?: Logger): KafkaConfig {
  const security = connection.security ?? PLAINTEXT;
  const tls = tlsOptionsOf(security);
  const sasl = saslOf(security);
  return {
    clientId: connection.clientId,
    brokers: [...connection.brokers],
    ...(tls ? { ssl: tls } : {}),
    ...(sasl ? { sasl } : {}),
    ...(logger
      ? { logLevel: kafkaLogLevelFor(logger), logCreator: pinoLogCreator(logger) }
      : { logLevel: logLevel.NOTHING }),
  };
}

export function kafkaClient(connection: KafkaConnection, logger?: Logger): Kafka {
  return new Kafka(kafkaClientConfig(connection, logger));
}
