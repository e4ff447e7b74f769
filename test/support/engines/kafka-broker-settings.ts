import { readFileSync } from 'node:fs';
import path from 'node:path';

export const SERVER_PROPERTIES = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  'infra',
  'kafka',
  'server.properties',
);

/**
 * Where the broker listens and who it is: the Kafka container sets these itself. The local broker's
 * SASL_SSL listener (its mechanisms and `listener.name.sasl_ssl.*` settings) is topology too: the
 * container has no such listener, and the tests of a secured cluster need scripts/infra's Kafka.
 */
const TOPOLOGY = new Set([
  'process.roles',
  'node.id',
  'controller.quorum.voters',
  'listeners',
  'advertised.listeners',
  'controller.listener.names',
  'inter.broker.listener.name',
  'listener.security.protocol.map',
  'log.dirs',
  'sasl.enabled.mechanisms',
]);
const LISTENER_SETTING = /^listener\.name\./;

/**
 * The broker settings of the local Kafka (infra/kafka/server.properties) as the Confluent image's
 * KAFKA_* variables, so both providers run a broker that behaves the same (replication factors,
 * partitions, topic auto-creation, rebalance delay).
 */
export function kafkaBrokerEnvironment(serverProperties: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const line of serverProperties.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const separator = trimmed.indexOf('=');
    if (separator <= 0) continue;
    const key = trimmed.slice(0, separator).trim();
    if (TOPOLOGY.has(key) || LISTENER_SETTING.test(key)) continue;
    environment[confluentVariable(key)] = trimmed.slice(separator + 1).trim();
  }
  return environment;
}

export function localKafkaBrokerEnvironment(): Record<string, string> {
  return kafkaBrokerEnvironment(readFileSync(SERVER_PROPERTIES, 'utf8'));
}

/** The Confluent image's naming: `.` → `_`, `_` → `__`, `-` → `___`, upper case, KAFKA_ prefix. */
function confluentVariable(property: string): string {
  return `KAFKA_${property.replace(/_/g, '__').replace(/-/g, '___').replace(/\./g, '_').toUpperCase()}`;
}
