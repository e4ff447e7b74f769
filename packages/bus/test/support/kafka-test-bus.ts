import { randomUUID } from 'node:crypto';
import { createLogger, loadConfig } from '@gw/platform';
import { Kafka, logLevel } from 'kafkajs';
import { createKafkaBus, type KafkaBus, type KafkaBusOptions } from '../../src';

/** The real broker (`eval "$(scripts/infra env)"`). */
export function kafkaBrokers(): readonly string[] {
  const config = loadConfig(process.env);
  if (config.mode !== 'engines')
    throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
  return config.engines.kafkaBrokers;
}

/** Group timings small enough for tests; the broker runs with group.initial.rebalance.delay.ms=0. */
export const FAST_GROUPS: KafkaBusOptions['consumer'] = {
  sessionTimeout: 6_000,
  heartbeatInterval: 100,
  rebalanceTimeout: 3_000,
  maxWaitTimeInMs: 50,
};

export const uniqueSuffix = () => randomUUID().slice(0, 8);

/** A started bus that declares no topics unless told: tests name their own, unique per run. */
export function makeTestKafkaBus(options: Partial<KafkaBusOptions> = {}): Promise<KafkaBus> {
  return createKafkaBus({
    brokers: kafkaBrokers(),
    clientId: `bus-int-${uniqueSuffix()}`,
    logger: createLogger({ level: 'warn', service: 'kafka-bus-test' }),
    topics: [],
    consumer: FAST_GROUPS,
    retryBackoffMs: 5,
    ...options,
  });
}

/** A plain kafkajs client for what a test checks behind the bus's back. */
export function rawKafka(): Kafka {
  return new Kafka({
    clientId: `bus-int-raw-${uniqueSuffix()}`,
    brokers: [...kafkaBrokers()],
    logLevel: logLevel.NOTHING,
  });
}

/** Closes the bus and deletes the topics and consumer groups it left on the shared broker. */
export async function closeAndClean(bus: KafkaBus): Promise<void> {
  await bus.close();
  const { topics, groupIds } = bus.footprint();
  const admin = rawKafka().admin();
  await admin.connect();
  try {
    if (groupIds.length > 0) await admin.deleteGroups(groupIds).catch(() => undefined);
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
