import { randomUUID } from 'node:crypto';
import {
  SchemaRegistryCodec,
  SchemaValidatingJsonCodec,
  kafkaClient,
  kafkaClientConfig,
  type KafkaConnection,
  type MessageCodec,
} from '@gw/bus';
import { EVENT_MESSAGE_SCHEMA, type EventMessage } from '@gw/contracts';
import { loadConfig } from '@gw/platform';
import type { Consumer } from 'kafkajs';
import { startPaymentsEventsConsumer, type PaymentsEvent } from '../src';

const config = loadConfig(process.env);
if (config.mode !== 'engines')
  throw new Error('integration tests need the real engines: eval "$(scripts/infra env)"');
const connection: KafkaConnection = {
  brokers: config.engines.kafkaBrokers,
  clientId: 'events-consumer-example-it',
  security: config.engines.kafkaSecurity,
};
const brokers = [...connection.brokers];
const { ssl, sasl } = kafkaClientConfig(connection);

const confirmations = (streamId: string, version: number, count: number): EventMessage => ({
  eventId: randomUUID(),
  type: 'DepositConfirmationsUpdated',
  streamId,
  version,
  occurredAt: '2026-11-25T10:00:00.000Z',
  merchantId: 'merchant-1',
  data: { txHash: 'tx-1', confirmations: count, updatedAt: '2026-11-25T10:00:00.000Z' },
  metadata: { correlationId: 'c-1', causationId: 'c-1' },
});

/**
 * The example against the real broker, fed by the gateway's own codecs: what the outbox relay writes,
 * plain JSON or (SCHEMA_REGISTRY_URL) the Confluent framing through the real registry.
 */
describe('the payments.events example consumer', () => {
  const kafka = kafkaClient(connection);
  let topic: string;
  let groupId: string;
  let consumer: Consumer | undefined;

  beforeEach(() => {
    const run = randomUUID().slice(0, 8);
    topic = `it-${run}.payments.events`;
    groupId = `it-${run}-example`;
  });

  afterEach(async () => {
    await consumer?.disconnect();
    consumer = undefined;
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.deleteGroups([groupId]).catch(() => undefined);
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    } finally {
      await admin.disconnect();
    }
  });

  async function publish(codec: MessageCodec, values: (EventMessage | Buffer)[]): Promise<void> {
    // One partition, created before the first send: an auto-created topic can grow partitions under
    // the producer between sends, and this test states an order across keys.
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    } finally {
      await admin.disconnect();
    }
    const producer = kafka.producer();
    await producer.connect();
    try {
      for (const value of values) {
        const bytes = Buffer.isBuffer(value) ? value : await codec.encode(topic, value);
        await producer.send({
          topic,
          messages: [{ key: Buffer.isBuffer(value) ? 'junk' : value.streamId, value: bytes }],
        });
      }
    } finally {
      await producer.disconnect();
    }
  }

  /** Runs the consumer until it has handled `count` events; every handled event in arrival order. */
  async function consume(count: number, registryUrl: string | null, malformed: string[] = []) {
    const handled: PaymentsEvent[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    consumer = await startPaymentsEventsConsumer({
      brokers,
      security: { ssl, sasl },
      groupId,
      topic,
      registryUrl,
      fromBeginning: true,
      onMalformed: (error) => malformed.push(error.message),
      async handle(event) {
        handled.push(event);
        if (handled.length === count) done();
      },
    });
    await finished;
    return handled;
  }

  const summary = (events: PaymentsEvent[]) => events.map((event) => `${event.streamId}@${event.version}`);

  it('reads plain JSON, hands each (stream, version) over once, and skips what is not an event', async () => {
    const codec = new SchemaValidatingJsonCodec({ [topic]: EVENT_MESSAGE_SCHEMA });
    const second = confirmations('payment-1', 2, 1);
    await publish(codec, [
      confirmations('payment-1', 1, 0),
      Buffer.from('not json'),
      second,
      second, // a redelivery, as the outbox relay may publish a commit twice
      confirmations('payment-2', 1, 0),
    ]);
    const malformed: string[] = [];

    const handled = await consume(3, null, malformed);

    expect(summary(handled)).toEqual(['payment-1@1', 'payment-1@2', 'payment-2@1']);
    expect(handled[1]).toEqual(second);
    expect(malformed).toHaveLength(1);
  });

  it('reads the Confluent framing through the schema registry', async () => {
    const registryUrl = process.env.SCHEMA_REGISTRY_URL;
    if (!registryUrl)
      throw new Error(
        'SCHEMA_REGISTRY_URL is unset: run through jest’s int project (scripts/infra starts the registry)',
      );
    const codec = new SchemaRegistryCodec({
      url: registryUrl,
      schemasByTopic: { [topic]: EVENT_MESSAGE_SCHEMA },
    });
    await codec.start();
    const events = [confirmations('payment-7', 1, 0), confirmations('payment-7', 2, 3)];
    await publish(codec, events);

    const handled = await consume(2, registryUrl);

    expect(handled).toEqual(events);
  });
});
