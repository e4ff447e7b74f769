#!/usr/bin/env -S npx tsx
import { parseArgs } from 'node:util';
import { startPaymentsEventsConsumer } from './consumer';

/**
 * Prints one JSON line per event (time, stream, version, type):
 *   payments-events-consumer --brokers 127.0.0.1:19092 --group my-team [--registry URL] [--from-beginning]
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      brokers: { type: 'string' },
      group: { type: 'string' },
      registry: { type: 'string' },
      topic: { type: 'string' },
      'from-beginning': { type: 'boolean' },
    },
  });
  if (!values.brokers || !values.group) {
    process.stderr.write(
      'usage: payments-events-consumer --brokers host:port[,…] --group <id> [--registry URL] [--topic T] [--from-beginning]\n',
    );
    process.exit(2);
  }
  const consumer = await startPaymentsEventsConsumer({
    brokers: values.brokers.split(','),
    groupId: values.group,
    topic: values.topic,
    registryUrl: values.registry ?? null,
    fromBeginning: values['from-beginning'] ?? false,
    onMalformed: (error, offset) => process.stderr.write(`skipped offset ${offset}: ${error.message}\n`),
    async handle(event) {
      const line = { at: event.occurredAt, stream: event.streamId, version: event.version, type: event.type };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void consumer.disconnect());
}

void main();
