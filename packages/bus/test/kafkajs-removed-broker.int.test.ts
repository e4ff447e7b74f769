import { Kafka, logLevel } from 'kafkajs';
import { kafkaBrokers, uniqueSuffix } from './support/kafka-test-bus';

/** The parts of kafkajs' internal cluster (src/cluster) this test drives. */
interface InternalBroker {
  connectionPool: { host: string; port: number };
  isConnected(): boolean;
  metadata(topics: string[]): Promise<unknown>;
}
interface InternalCluster {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  refreshMetadata(): Promise<void>;
  findBroker(where: { nodeId: string }): Promise<InternalBroker>;
  removeBroker(where: { host: string; port: number }): void;
  brokerPool: { getNodeIds(): string[] };
}

/** A cluster built the way kafkajs builds one for each of its clients. */
function internalCluster(kafka: Kafka): InternalCluster {
  const create = Object.getOwnPropertySymbols(kafka).find(
    (symbol) => symbol.description === 'private:Kafka:createCluster',
  );
  if (!create) throw new Error('kafkajs no longer has private:Kafka:createCluster: check the patch');
  const factory = (kafka as unknown as Record<symbol, (options: object) => InternalCluster>)[create]!;
  return factory({});
}

/**
 * patches/kafkajs@2.2.4.patch. After a connection closes (a broker restart), kafkajs' consumer, its
 * consumer group and its producer take that broker out of the cluster's pool (removeBroker), but
 * whoever still holds it (a consumer group's coordinator leaving the group as the consumer stops)
 * reconnects it on its next request. Unpatched, disconnect() closed only the brokers in the pool, so
 * that connection, with its two timers, outlived every client and kept the process alive: the open
 * handle that held jest after the fault tests' Kafka restart.
 */
describe('kafkajs as patched: a broker taken out of the pool', () => {
  it('is still closed by disconnect() after its holder reconnected it', async () => {
    const kafka = new Kafka({
      clientId: `removed-broker-${uniqueSuffix()}`,
      brokers: [...kafkaBrokers()],
      logLevel: logLevel.NOTHING,
    });
    const cluster = internalCluster(kafka);
    await cluster.connect();
    try {
      await cluster.refreshMetadata();
      const [nodeId] = cluster.brokerPool.getNodeIds();
      const broker = await cluster.findBroker({ nodeId: nodeId! });
      cluster.removeBroker(broker.connectionPool);
      await broker.metadata([]);
      expect(broker.isConnected()).toBe(true);

      await cluster.disconnect();

      expect(broker.isConnected()).toBe(false);
    } finally {
      await cluster.disconnect();
    }
  });
});
