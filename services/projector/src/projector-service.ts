import type { MessageBus, Subscription } from '@gw/bus';
import { TOPICS, type EventMessage } from '@gw/contracts';
import type { Service } from '@gw/runtime';
import type { ReadModelStore } from '@gw/store';
import { Projector } from './projector';

/** Consumes `payments.events` and keeps the read models current; the position is committed after the write. */
export function createProjectorService(deps: { bus: MessageBus; readModels: ReadModelStore }): Service {
  const projector = new Projector(deps.readModels);
  let subscription: Subscription | undefined;
  return {
    name: 'projector',
    async start() {
      await projector.ensureIndexes();
      subscription = await deps.bus.subscribe(
        { topics: [TOPICS.events], groupId: 'projector', fromBeginning: true },
        async (message) => projector.apply(message.value as EventMessage),
      );
    },
    async stop() {
      await subscription?.stop();
    },
  };
}
