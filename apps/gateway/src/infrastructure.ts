import path from 'node:path';
import {
  InProcessBus,
  SchemaValidatingJsonCodec,
  GATEWAY_TOPIC_SPECS,
  createKafkaBus,
  createMessageCodec,
  namespacedBus,
  tracedBus,
  namespacedCodec,
  type MessageBus,
} from '@gw/bus';
import { InMemoryCache, JournaledCache, RedisCache, type Cache } from '@gw/cache';
import { TOPIC_SCHEMAS } from '@gw/contracts';
import type { EngineConfig, GatewayConfig } from '@gw/platform';
import {
  InMemoryReadModelStore,
  JsonlEventStore,
  MongoEventStore,
  MongoReadModelStore,
  type EventStore,
  type ReadModelStore,
} from '@gw/store';
import { ReadModelStreamHistory, type StreamHistory } from '@gw/views';
import type { Logger } from 'pino';
import { DataDirLock } from './data-dir-lock';
import { EventLogHistory } from './event-log-history';

/** The adapters behind every port, chosen once from the configuration. */
export interface Infrastructure {
  bus: MessageBus;
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** The event log itself in the embedded default; the history read model on the engines. */
  history: StreamHistory;
  cache: Cache;
  /**
   * Where Idempotency-Key answers are kept, for 24 hours and across restarts and crashes: Redis on the
   * engines (the cache itself), a journal file under DATA_DIR in the embedded default.
   */
  idempotencyRecords: Cache;
  /** Read models live only in memory and must be rebuilt from the event store at start. */
  readModelsAreEphemeral: boolean;
  /** The embedded default's hold on DATA_DIR: one process per data directory. */
  dataDirLock?: DataDirLock;
  close(): Promise<void>;
}

export async function buildInfrastructure(config: GatewayConfig, logger: Logger): Promise<Infrastructure> {
  return config.mode === 'engines'
    ? engineInfrastructure(config.engines, logger)
    : embeddedInfrastructure(config);
}

async function embeddedInfrastructure(config: GatewayConfig): Promise<Infrastructure> {
  // Taken before any file under DATA_DIR is opened, released by close() and on any exit.
  const dataDirLock = await DataDirLock.acquire(config.dataDir);
  try {
    const bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec(TOPIC_SCHEMAS) });
    const eventStore = await JsonlEventStore.open({ directory: config.dataDir });
    const infra = withClose({
      bus: tracedBus(bus),
      eventStore,
      readModels: new InMemoryReadModelStore(),
      history: new EventLogHistory(eventStore),
      cache: new InMemoryCache(),
      idempotencyRecords: await JournaledCache.open({ path: path.join(config.dataDir, 'idempotency.jsonl') }),
      readModelsAreEphemeral: true,
      dataDirLock,
    });
    return {
      ...infra,
      async close() {
        await infra.close();
        await dataDirLock.release();
      },
    };
  } catch (error) {
    await dataDirLock.release();
    throw error;
  }
}

/** Kafka, MongoDB and Redis; whatever opened is closed again when a later one fails to. */
async function engineInfrastructure(engines: EngineConfig, logger: Logger): Promise<Infrastructure> {
  const opened: { close(): Promise<void> }[] = [];
  const open = async <T extends { close(): Promise<void> }>(adapter: Promise<T>): Promise<T> => {
    const ready = await adapter;
    opened.push(ready);
    return ready;
  };
  try {
    const prefix = engines.kafkaTopicPrefix;
    const cache = await open(
      RedisCache.open({ url: engines.redisUrl, keyPrefix: engines.redisKeyPrefix, logger }),
    );
    const eventStore = await open(
      MongoEventStore.open({ url: engines.mongodbUrl, database: engines.mongodbDb }),
    );
    const readModels = await open(
      MongoReadModelStore.open({ url: engines.mongodbUrl, database: engines.mongodbDb }),
    );
    const codec = namespacedCodec(
      await createMessageCodec({
        schemasByTopic: TOPIC_SCHEMAS,
        schemaRegistryUrl: engines.schemaRegistryUrl,
        registryTimeoutMs: engines.schemaRegistryTimeoutMs,
        clientId: engines.kafkaClientId,
      }),
      prefix,
    );
    const kafka = await open(
      createKafkaBus({
        brokers: engines.kafkaBrokers,
        clientId: engines.kafkaClientId,
        security: engines.kafkaSecurity,
        logger,
        codec,
        topics: GATEWAY_TOPIC_SPECS.map((spec) => ({ ...spec, name: `${prefix}${spec.name}` })),
        createTopics: engines.kafkaTopics.create,
        replicationFactor: engines.kafkaTopics.replicationFactor ?? undefined,
        minInsyncReplicas: engines.kafkaTopics.minInsyncReplicas ?? undefined,
      }),
    );
    return withClose({
      bus: tracedBus(namespacedBus(kafka, prefix)),
      eventStore,
      readModels,
      history: new ReadModelStreamHistory(readModels),
      cache,
      idempotencyRecords: cache,
      readModelsAreEphemeral: false,
    });
  } catch (error) {
    for (const adapter of opened.reverse()) await adapter.close().catch(() => undefined);
    throw error;
  }
}

function withClose(parts: Omit<Infrastructure, 'close'>): Infrastructure {
  return {
    ...parts,
    async close() {
      await parts.bus.close();
      await parts.eventStore.close();
      await parts.readModels.close();
      await parts.cache.close();
      if (parts.idempotencyRecords !== parts.cache) await parts.idempotencyRecords.close();
    },
  };
}
