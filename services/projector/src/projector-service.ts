import type { MessageBus, Subscription } from '@gw/bus';
import { eventMessageOf, readModelVersionIn, TOPICS } from '@gw/contracts';
import type { Clock } from '@gw/platform';
import type { Service } from '@gw/application';
import type { ReadModelStore } from '@gw/store';
import type { StreamHistory } from '@gw/views';
import { ProjectionMetrics } from './projection-metrics';
import { Projector } from './projector';

/** Consumes `payments.events` and keeps the read models current; the position is committed after the write. */
export function createProjectorService(deps: {
  bus: MessageBus;
  readModels: ReadModelStore;
  history: StreamHistory;
  clock: Clock;
}): Service {
  const projector = new Projector(deps.readModels, deps.history);
  const metrics = new ProjectionMetrics(deps.clock);
  let subscription: Subscription | undefined;
  return {
    name: 'projector',
    async start() {
      await projector.ensureIndexes();
      subscription = await deps.bus.subscribe(
        { topics: [TOPICS.events], groupId: 'projector', fromBeginning: true },
        async (message) => {
          const event = eventMessageOf(message.value);
          await projector.applyPublished(event, readModelVersionIn(message.headers));
          metrics.onApplied(event);
        },
      );
    },
    async stop() {
      await subscription?.stop();
    },
    metrics: metrics.registry,
  };
}
