import { Counter, Gauge, Registry } from 'prom-client';
import type { MessageBus } from './message-bus';

/** The lag of every consumer group in the process and what it dead-lettered, read from the bus at scrape time. */
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
  new Counter({
    name: 'bus_dead_letters_total',
    help: 'Messages this process moved to the dead-letter topic <topic>.dlq, by original topic',
    labelNames: ['topic'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { topic, messages } of bus.deadLetters()) this.inc({ topic }, messages);
    },
  });
  return registry;
}
