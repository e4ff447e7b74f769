import type { Admin, Consumer, Kafka } from 'kafkajs';
import { createLogger } from '@gw/platform';
import type { ConsumerTuning, MemberHost } from '../../src/kafka/kafka-group-member';
import type { TopicCatalog } from '../../src/kafka/topic-catalog';
import { JsonCodec } from '../../src';

/** The kafkajs consumer event names a group member listens to. */
export const CONSUMER_EVENTS = {
  GROUP_JOIN: 'consumer.group_join',
  CRASH: 'consumer.crash',
  REBALANCING: 'consumer.rebalancing',
  FETCH_START: 'consumer.fetch_start',
} as const;

/**
 * A bus host for one KafkaGroupMember whose kafkajs consumer is the test's fake: no broker, no topics,
 * no dead-letter topic, short retries.
 */
export function fakeMemberHost(
  consumer: object,
  options: { tuning?: Partial<ConsumerTuning>; joinTimeoutMs?: number } = {},
): MemberHost {
  return {
    kafka: { consumer: () => consumer as Consumer } as unknown as Kafka,
    admin: {} as Admin,
    catalog: { ensure: async () => undefined } as unknown as TopicCatalog,
    codec: new JsonCodec(),
    logger: createLogger({ level: 'silent', service: 'group-member-test' }),
    tuning: {
      sessionTimeout: 6_000,
      heartbeatInterval: 500,
      rebalanceTimeout: 6_000,
      maxWaitTimeInMs: 100,
      partitionsConsumedConcurrently: 1,
      commitIntervalMs: 1_000,
      ...options.tuning,
    },
    retryBackoffMs: 10,
    maxRetryBackoffMs: 100,
    joinTimeoutMs: options.joinTimeoutMs ?? 60_000,
    deadLetter: async () => undefined,
    forget: () => undefined,
  };
}
