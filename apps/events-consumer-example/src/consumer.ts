import { Kafka, logLevel, type Consumer, type KafkaConfig } from 'kafkajs';
import { isPaymentsEvent, type PaymentsEvent } from './payment-event';
import { PaymentsEventsDecoder } from './wire-format';

export interface ConsumerOptions {
  brokers: string[];
  /**
   * TLS and SASL as kafkajs takes them, for a secured cluster: `{ ssl: { ca: [pem] }, sasl: { mechanism:
   * 'scram-sha-512', username, password } }` (the gateway's own clients build theirs with `kafkaClientConfig`).
   */
  security?: Pick<KafkaConfig, 'ssl' | 'sasl'>;
  /** Your team's own consumer group: each group gets every event once (at least once). */
  groupId: string;
  topic?: string;
  /** The Confluent-compatible registry URL when the gateway runs with SCHEMA_REGISTRY_URL. */
  registryUrl?: string | null;
  /** Read the topic from its start on the group's first run (a new read model), else only new events. */
  fromBeginning?: boolean;
  /** Where the last handled version of each stream is kept; in memory by default (use your database). */
  versions?: StreamVersions;
  handle(event: PaymentsEvent): Promise<void>;
  /** A message that is not an event at all: log it and move on; retrying never makes it one. */
  onMalformed?(error: Error, offset: string): void;
}

/** The de-duplication store: delivery is at least once, so (streamId, version) may come twice. */
export interface StreamVersions {
  lastHandled(streamId: string): Promise<number>;
  handled(streamId: string, version: number): Promise<void>;
}

export class InMemoryStreamVersions implements StreamVersions {
  private readonly versions = new Map<string, number>();
  async lastHandled(streamId: string): Promise<number> {
    return this.versions.get(streamId) ?? 0;
  }
  async handled(streamId: string, version: number): Promise<void> {
    this.versions.set(streamId, Math.max(version, this.versions.get(streamId) ?? 0));
  }
}

export const PAYMENTS_EVENTS_TOPIC = 'payments.events';

/**
 * Consumes `payments.events`: decodes either wire format, skips what it already handled, hands each
 * event to `handle`, and commits the offset only after `handle` returned (kafkajs commits the
 * batch's resolved offsets). A `handle` that throws is retried by Kafka on the same partition,
 * keeping the stream's order, so make it idempotent and let it throw only for passing failures.
 */
export async function startPaymentsEventsConsumer(options: ConsumerOptions): Promise<Consumer> {
  const kafka = new Kafka({
    clientId: `events-consumer-${options.groupId}`,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    ...options.security,
  });
  const consumer = kafka.consumer({ groupId: options.groupId });
  const decoder = new PaymentsEventsDecoder(options.registryUrl ?? null);
  const versions = options.versions ?? new InMemoryStreamVersions();
  await consumer.connect();
  await consumer.subscribe({
    topic: options.topic ?? PAYMENTS_EVENTS_TOPIC,
    fromBeginning: options.fromBeginning ?? false,
  });
  await consumer.run({
    eachMessage: async ({ message }) => {
      let event: unknown;
      try {
        event = message.value ? await decoder.decode(message.value) : null;
        if (!isPaymentsEvent(event)) throw new Error('not a payments.events envelope');
      } catch (error) {
        options.onMalformed?.(error as Error, message.offset);
        return;
      }
      // Events of one stream arrive in version order (the key is the stream id): anything at or
      // below the last handled version is a redelivery.
      if (event.version <= (await versions.lastHandled(event.streamId))) return;
      await options.handle(event);
      await versions.handled(event.streamId, event.version);
    },
  });
  return consumer;
}
