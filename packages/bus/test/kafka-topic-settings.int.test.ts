import { createLogger } from '@gw/platform';
import { ConfigResourceTypes } from 'kafkajs';
import {
  createKafkaBus,
  MissingTopicsError,
  RequestReplyClient,
  type KafkaBusOptions,
  type TopicSpec,
} from '../src';
import {
  closeAndClean,
  makeTestKafkaBus,
  rawKafka,
  testKafkaConnection,
  uniqueSuffix,
} from './support/kafka-test-bus';

/** KAFKA_TOPIC_REPLICATION_FACTOR, KAFKA_TOPIC_MIN_INSYNC_REPLICAS and KAFKA_CREATE_TOPICS on the real broker. */
describe('the topics the bus creates', () => {
  const spec = (): TopicSpec => ({
    name: `settings.${uniqueSuffix()}`,
    partitions: 2,
    configs: {},
    key: 'test',
  });
  const start = (options: Partial<KafkaBusOptions>) =>
    createKafkaBus({
      ...testKafkaConnection(),
      logger: createLogger({ level: 'silent', service: 'kafka-topic-settings-test' }),
      ...options,
    });

  it('carry the min.insync.replicas and replication factor asked for, dead-letter topics too', async () => {
    const topic = spec();
    const bus = await makeTestKafkaBus({ topics: [topic], replicationFactor: 1, minInsyncReplicas: 1 });
    try {
      const admin = rawKafka().admin();
      await admin.connect();
      try {
        const names = [topic.name, `${topic.name}.dlq`];
        const { resources } = await admin.describeConfigs({
          includeSynonyms: false,
          resources: names.map((name) => ({
            type: ConfigResourceTypes.TOPIC,
            name,
            configNames: ['min.insync.replicas'],
          })),
        });
        // Set on the topic itself, not inherited from the broker.
        for (const resource of resources)
          expect(resource.configEntries).toEqual([
            expect.objectContaining({
              configName: 'min.insync.replicas',
              configValue: '1',
              isDefault: false,
            }),
          ]);
        const metadata = await admin.fetchTopicMetadata({ topics: names });
        for (const { partitions } of metadata.topics)
          for (const partition of partitions) expect(partition.replicas).toHaveLength(1);
      } finally {
        await admin.disconnect();
      }
    } finally {
      await closeAndClean(bus);
    }
  });

  it('are asked for with the replication factor given, which a one-broker cluster refuses', async () => {
    await expect(start({ topics: [spec()], replicationFactor: 2 })).rejects.toThrow(
      /kafka refused to create topics \(check KAFKA_TOPIC_REPLICATION_FACTOR.*settings\.[0-9a-f]{8}: Replication-factor is invalid/,
    );
  });

  it('are not created when creation is off: the start fails naming every missing topic', async () => {
    const topic = spec();
    const failure = start({ topics: [topic], createTopics: false });
    await expect(failure).rejects.toThrow(MissingTopicsError);
    await expect(failure).rejects.toThrow(`kafka topics missing: ${topic.name}, ${topic.name}.dlq`);
    const admin = rawKafka().admin();
    await admin.connect();
    try {
      expect(await admin.listTopics()).not.toContain(topic.name);
    } finally {
      await admin.disconnect();
    }
  });

  it('are used as they are when creation is off and they exist', async () => {
    const topic = spec();
    const creator = await makeTestKafkaBus({ topics: [topic] });
    try {
      const bus = await start({ topics: [topic], createTopics: false });
      await bus.publish(topic.name, [{ key: 'k', value: { ok: true } }]);
      await bus.close();
    } finally {
      await closeAndClean(creator);
    }
  });

  it('still creates a request/reply instance’s inbox when creation is off, and nothing beside it', async () => {
    const replies = spec();
    const creator = await makeTestKafkaBus({ topics: [replies] });
    const bus = await start({ topics: [replies], createTopics: false });
    const client = new RequestReplyClient(bus, { repliesTopic: replies.name, timeoutMs: 1_000 });
    try {
      await client.start();
      const admin = rawKafka().admin();
      await admin.connect();
      try {
        const metadata = await admin.fetchTopicMetadata({ topics: [client.inbox] });
        expect(metadata.topics.map(({ partitions }) => partitions.length)).toEqual([1]);
        expect(await admin.listTopics()).not.toContain(`${client.inbox}.dlq`);
      } finally {
        await admin.disconnect();
      }
    } finally {
      await client.stop();
      await bus.close();
      const admin = rawKafka().admin();
      await admin.connect();
      await admin.deleteTopics({ topics: [client.inbox] }).catch(() => undefined);
      await admin.disconnect();
      await closeAndClean(creator);
    }
  });
});
