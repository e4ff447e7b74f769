import { kafkaBrokerEnvironment, localKafkaBrokerEnvironment } from './kafka-broker-settings';

describe("the Kafka container's broker settings", () => {
  it('are those of the local broker (infra/kafka/server.properties), as Confluent image variables', () => {
    expect(localKafkaBrokerEnvironment()).toMatchObject({
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      KAFKA_NUM_PARTITIONS: '3',
    });
  });

  it('leave listeners, roles and directories to the container', () => {
    const variables = Object.keys(localKafkaBrokerEnvironment());
    for (const topology of ['LISTENERS', 'ADVERTISED_LISTENERS', 'PROCESS_ROLES', 'NODE_ID', 'LOG_DIRS']) {
      expect(variables).not.toContain(`KAFKA_${topology}`);
    }
    expect(Object.values(localKafkaBrokerEnvironment()).join(' ')).not.toContain('@');
  });

  it("follow the image's naming for underscores and dashes, and skip comments", () => {
    const properties = '# a comment\nconfluent.support_metrics-enable = false\n\nnum.partitions=3\n';
    expect(kafkaBrokerEnvironment(properties)).toEqual({
      KAFKA_CONFLUENT_SUPPORT__METRICS___ENABLE: 'false',
      KAFKA_NUM_PARTITIONS: '3',
    });
  });
});
