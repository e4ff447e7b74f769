import { KafkaContainer } from '@testcontainers/kafka';
import { appendOnlyRedisContainer, ENGINE_IMAGES, FixedPortKafkaContainer } from './container-engines';

/**
 * What the Kafka container would be created with, read from the module's own state before any Docker
 * call: the hook the module runs right before it creates the container, then its create options.
 */
async function creationOf(container: KafkaContainer) {
  const internals = container as unknown as {
    beforeContainerCreated(): Promise<void>;
    hostConfig: { PortBindings: Record<string, Array<{ HostPort: string }>> };
    environment: Record<string, string>;
  };
  await internals.beforeContainerCreated();
  return { portBindings: internals.hostConfig.PortBindings, environment: internals.environment };
}

describe('the Kafka container', () => {
  it('publishes its client port on the host port chosen for it, which a restart keeps', async () => {
    const { portBindings } = await creationOf(new FixedPortKafkaContainer(ENGINE_IMAGES.kafka, 41234));
    expect(portBindings['9093/tcp']).toEqual([{ HostPort: '41234' }]);
  });

  it("needs the pinning: the module's own hook publishes the port on a random one again", async () => {
    const plain = new KafkaContainer(ENGINE_IMAGES.kafka).withExposedPorts({ container: 9093, host: 41234 });
    const { portBindings } = await creationOf(plain);
    expect(portBindings['9093/tcp']).toEqual([{ HostPort: '0' }]);
  });

  it('runs KRaft (one broker and controller) with the local broker settings', async () => {
    const { environment } = await creationOf(new FixedPortKafkaContainer(ENGINE_IMAGES.kafka, 41234));
    expect(environment).toMatchObject({
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_NUM_PARTITIONS: '3',
    });
    expect(environment.KAFKA_ZOOKEEPER_CONNECT).toBeUndefined();
  });
});

describe('the Redis container', () => {
  it('publishes Redis on the host port chosen for it and keeps an append-only file', () => {
    const internals = appendOnlyRedisContainer(41235) as unknown as {
      hostConfig: { PortBindings: Record<string, Array<{ HostPort: string }>> };
      createOpts: { Cmd: string[] };
    };
    expect(internals.hostConfig.PortBindings['6379/tcp']).toEqual([{ HostPort: '41235' }]);
    expect(internals.createOpts.Cmd).toEqual(['redis-server', '--appendonly', 'yes']);
  });
});
