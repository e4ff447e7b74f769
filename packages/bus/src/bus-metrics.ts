import { Gauge, Registry } from 'prom-client';
import type { MessageBus } from './message-bus';

/** The lag of every consumer group in the process, read from the bus at scrape time. */
export function busMetrics(bus: MessageBus): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'bus_consumer_lag_messages',
    help: 'Messages published on a topic that a consumer group has not committed yet',
    labelNames: ['group', 'topic'] as const,
    registers: [registry],
    async collect() {
      const lags = await bus.consumerLag();
      this.reset();
      for (const { groupId, topic, messages } of lags) this.set({ group: groupId, topic }, messages);
    },
  });
  return registry;
}
