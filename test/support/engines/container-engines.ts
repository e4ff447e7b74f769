import { KafkaContainer } from '@testcontainers/kafka';
import { MongoDBContainer } from '@testcontainers/mongodb';
import { RedisContainer } from '@testcontainers/redis';
import { getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { waitUntilServing } from './engine-probes';
import type { EngineUrls, RestartableEngine } from './engines-env';
import { localKafkaBrokerEnvironment } from './kafka-broker-settings';
import type { RunningEngines } from './start-engines';
import { freeLoopbackPort } from '@gw/platform';

/**
 * The images of docker-compose.yml where the testcontainers modules take them. The Kafka module
 * (11.x) drives Confluent's image only; Confluent Platform 7.9 is Apache Kafka 3.9, the broker
 * version kafkajs still speaks to (Kafka 4 dropped the old protocol versions).
 */
export const ENGINE_IMAGES = {
  kafka: 'confluentinc/cp-kafka:7.9.1',
  mongodb: 'mongo:7.0',
  redis: 'redis:7.4',
} as const;

const KAFKA_CLIENT_PORT = 9093;
const REDIS_PORT = 6379;
const MONGODB_PORT = 27017;
/** Time Kafka and Redis get to shut down cleanly on a restart, as scripts/infra gives them. */
const STOP_GRACE_MS = 30_000;

/**
 * Docker gives a published port a new random number when a container restarts, and the Kafka module
 * writes the advertised listener (host:mapped port) into the container once, at its first start. So
 * the engines a fault test restarts are published on host ports chosen here and fixed for the
 * container's life: the URLs the tests hold stay right across a restart.
 */
export class FixedPortKafkaContainer extends KafkaContainer {
  constructor(
    image: string,
    private readonly hostPort: number,
  ) {
    super(image);
    this.withKraft().withEnvironment(localKafkaBrokerEnvironment());
  }

  /** The module publishes its client port on a random host port here; this pins it instead. */
  protected override async beforeContainerCreated(): Promise<void> {
    await super.beforeContainerCreated();
    this.withExposedPorts({ container: KAFKA_CLIENT_PORT, host: this.hostPort });
  }
}

/** Redis keeping its keys across a restart, as the local one does (fault tests expect that). */
export function appendOnlyRedisContainer(hostPort: number): RedisContainer {
  return new RedisContainer(ENGINE_IMAGES.redis)
    .withCommand(['redis-server', '--appendonly', 'yes'])
    .withExposedPorts({ container: REDIS_PORT, host: hostPort });
}

/** Kafka (KRaft), MongoDB (a one-member replica set) and Redis (append-only, as locally) in Docker. */
export async function startEngineContainers(): Promise<RunningEngines> {
  const [kafkaPort, redisPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
  const starts = await Promise.allSettled([
    new FixedPortKafkaContainer(ENGINE_IMAGES.kafka, kafkaPort).start(),
    new MongoDBContainer(ENGINE_IMAGES.mongodb).start(),
    appendOnlyRedisContainer(redisPort).start(),
  ]);
  const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const stop = async () => {
    await Promise.all(started.map((container: StartedTestContainer) => container.stop()));
  };
  const [kafka, mongodb, redis] = starts;
  if (kafka.status === 'rejected' || mongodb.status === 'rejected' || redis.status === 'rejected') {
    await stop();
    const reasons = starts.flatMap((start) => (start.status === 'rejected' ? [String(start.reason)] : []));
    throw new Error(`the engine containers did not start: ${[...new Set(reasons)].join('; ')}`);
  }
  // directConnection: rs.initiate() named the member after the container's hostname, which this host
  // cannot resolve.
  const urls: EngineUrls = {
    kafkaBrokers: `${kafka.value.getHost()}:${kafka.value.getMappedPort(KAFKA_CLIENT_PORT)}`,
    mongodbUrl: `mongodb://${mongodb.value.getHost()}:${mongodb.value.getMappedPort(MONGODB_PORT)}/gateway?directConnection=true`,
    redisUrl: redis.value.getConnectionUrl(),
  };
  // The Kafka module waits for listening ports; the broker serves metadata a little later.
  try {
    await waitUntilServing('kafka', urls);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urls,
    handoff: {
      provider: 'testcontainers',
      urls,
      containerIds: { kafka: kafka.value.getId(), redis: redis.value.getId() },
    },
    stop,
  };
}

/**
 * Restarts an engine container from a test worker, which has its id but not the StartedTestContainer
 * the global setup holds: the same Docker restart `StartedTestContainer.restart()` makes, then a wait
 * until the engine serves (the Kafka module's own wait is for a log line a restart prints at once).
 */
export async function restartEngineContainer(
  engine: RestartableEngine,
  containerId: string,
  urls: EngineUrls,
): Promise<void> {
  const client = await getContainerRuntimeClient();
  await client.container.restart(client.container.getById(containerId), { timeout: STOP_GRACE_MS });
  await waitUntilServing(engine, urls);
}
