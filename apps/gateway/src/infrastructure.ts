import { InProcessBus, SchemaValidatingJsonCodec, type MessageBus } from '@gw/bus';
import { InMemoryCache, type Cache } from '@gw/cache';
import { TOPIC_SCHEMAS } from '@gw/contracts';
import type { GatewayConfig } from '@gw/platform';
import { InMemoryReadModelStore, JsonlEventStore, type EventStore, type ReadModelStore } from '@gw/store';
import type { Logger } from 'pino';

/** The adapters behind every port, chosen once from the configuration. */
export interface Infrastructure {
  bus: MessageBus;
  eventStore: EventStore;
  readModels: ReadModelStore;
  cache: Cache;
  /** Read models live only in memory and must be rebuilt from the event store at start. */
  readModelsAreEphemeral: boolean;
  close(): Promise<void>;
}

export async function buildInfrastructure(config: GatewayConfig, _logger: Logger): Promise<Infrastructure> {
  if (config.mode === 'engines') {
    throw new Error('the real-engine adapters (Kafka, MongoDB, Redis) are not wired into this build yet');
  }
  const bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec(TOPIC_SCHEMAS) });
  const eventStore = await JsonlEventStore.open({ directory: config.dataDir });
  const readModels = new InMemoryReadModelStore();
  const cache = new InMemoryCache();
  return {
    bus,
    eventStore,
    readModels,
    cache,
    readModelsAreEphemeral: true,
    async close() {
      await bus.close();
      await eventStore.close();
      await readModels.close();
      await cache.close();
    },
  };
}
