import { randomUUID } from 'node:crypto';
import { createLogger, loadConfig, type EnvSource } from '@gw/platform';
import type { Kafka } from 'kafkajs';
import {
  createKafkaBus,
  kafkaClient,
  type KafkaBus,
  type KafkaBusOptions,
  type KafkaConnection,
} from '../../src';

/** The real broker (`eval "$(scripts/infra env)"`), reached with the configuration's TLS and SASL settings. */
export function testKafkaConnection(env: EnvSource = process.env): KafkaConnection {
  const config = loadConfig(env);
  if (config.mode !== 'engines')
    throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
  return {
    brokers: config.engines.kafkaBrokers,
    clientId: `bus-int-${uniqueSuffix()}`,
    security: config.engines.kafkaSecurity,
  };
}

export function kafkaBrokers(): readonly string[] {
  return testKafkaConnection().brokers;
}

/** Group timings small enough for tests; the broker runs with group.initial.rebalance.delay.ms=0. */
export const FAST_GROUPS: KafkaBusOptions['consumer'] = {
  sessionTimeout: 6_000,
  heartbeatInterval: 100,
  rebalanceTimeout: 3_000,
  maxWaitTimeInMs: 50,
};

export const uniqueSuffix = () => randomUUID().slice(0, 8);

/**
 * A started bus that declares no topics unless told: tests name their own, unique per run. On the
 * broker of `connection` (the environment's by default).
 */
export function makeTestKafkaBus(
  options: Partial<KafkaBusOptions> = {},
  connection: KafkaConnection = testKafkaConnection(),
): Promise<KafkaBus> {
  return createKafkaBus({
    ...connection,
    logger: createLogger({ level: 'warn', service: 'kafka-bus-test' }),
    topics: [],
    consumer: FAST_GROUPS,
    retryBackoffMs: 5,
    ...options,
  });
}

/** A plain kafkajs client for what a test checks behind the bus's back. */
export function rawKafka(connection: KafkaConnection = testKafkaConnection()): Kafka {
  return kafkaClient({ ...connection, clientId: `bus-int-raw-${uniqueSuffix()}` });
}

/** Closes the bus and deletes the topics and consumer groups it left on the shared broker. */
export async function closeAndClean(bus: KafkaBus): Promise<void> {
  await bus.close();
  const { topics, groupIds } = bus.footprint();
  const admin = rawKafka(bus.connection).admin();
  await admin.connect();
  try {
    if (groupIds.length > 0) await admin.deleteGroups(groupIds).catch(() => undefined);
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
