import { randomUUID } from 'node:crypto';
import { createLogger, loadConfig } from '@gw/platform';
import { Kafka, logLevel } from 'kafkajs';
import { createKafkaBus, type KafkaBus, type KafkaBusOptions } from '../src';
import { describeMessageBusContract } from '../src/testing';

/** Runs against the real broker (`eval "$(scripts/infra env)"`); every topic and group is unique to the run. */
function brokers(): readonly string[] {
  const config = loadConfig(process.env);
  if (config.mode !== 'engines')
    throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
  return config.engines.kafkaBrokers;
}

/** Group timings small enough for tests; the broker runs with group.initial.rebalance.delay.ms=0. */
const FAST_GROUPS: KafkaBusOptions['consumer'] = {
  sessionTimeout: 6_000,
  heartbeatInterval: 100,
  rebalanceTimeout: 3_000,
  maxWaitTimeInMs: 50,
};

export async function makeTestKafkaBus(options: Partial<KafkaBusOptions> = {}): Promise<KafkaBus> {
  return createKafkaBus({
    brokers: brokers(),
    clientId: `bus-int-${randomUUID().slice(0, 8)}`,
    logger: createLogger({ level: 'warn', service: 'kafka-bus-test' }),
    topics: [],
    consumer: FAST_GROUPS,
    retryBackoffMs: 5,
    ...options,
  });
}

/** Deletes what a test bus left on the shared broker. */
export async function removeFootprint(bus: KafkaBus): Promise<void> {
  const { topics, groupIds } = bus.footprint();
  const admin = new Kafka({
    clientId: 'bus-int-cleanup',
    brokers: [...brokers()],
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    if (groupIds.length > 0) await admin.deleteGroups(groupIds).catch(() => undefined);
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

describeMessageBusContract(
  'kafka',
  async () => {
    const bus = await makeTestKafkaBus();
    return {
      bus,
      async cleanup() {
        await bus.close();
        await removeFootprint(bus);
      },
    };
  },
  { deliveryTimeoutMs: 15_000 },
);
