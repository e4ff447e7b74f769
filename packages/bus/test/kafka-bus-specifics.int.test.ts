import { ConfigResourceTypes } from 'kafkajs';
import {
  SchemaRegistryCodec,
  SchemaValidatingJsonCodec,
  type IncomingMessage,
  type KafkaBus,
  type MessageBus,
} from '../src';
import { eventually } from '../src/testing';
import { RegistryProxy } from './support/registry-proxy';
import { closeAndClean, makeTestKafkaBus, rawKafka, uniqueSuffix } from './support/kafka-test-bus';

const waitFor = (assertion: () => void) => eventually(assertion, 15_000);

async function collect(bus: MessageBus, topic: string, groupId: string): Promise<IncomingMessage[]> {
  const received: IncomingMessage[] = [];
  await bus.subscribe({ topics: [topic], groupId, fromBeginning: true }, async (message) => {
    received.push(message);
  });
  return received;
}

describe('KafkaBus specifics', () => {
  const run = uniqueSuffix();
  let bus: KafkaBus | undefined;
  afterEach(async () => {
    if (bus) await closeAndClean(bus);
    bus = undefined;
  });

  it('creates the declared topics and their dead-letter topics at start with explicit partitions and configs', async () => {
    const orders = `it.orders.${run}`;
    bus = await makeTestKafkaBus({
      topics: [{ name: orders, partitions: 4, configs: { 'retention.ms': '3600000' }, key: 'aggregate id' }],
    });
    const admin = rawKafka().admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [orders, `${orders}.dlq`] });
      const partitions = Object.fromEntries(topics.map((topic) => [topic.name, topic.partitions.length]));
      expect(partitions).toEqual({ [orders]: 4, [`${orders}.dlq`]: 3 });
      const described = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [orders, `${orders}.dlq`].map((name) => ({
          type: ConfigResourceTypes.TOPIC,
          name,
          configNames: ['retention.ms'],
        })),
      });
      const retention = Object.fromEntries(
        described.resources.map((resource) => [
          resource.resourceName,
          resource.configEntries[0]?.configValue,
        ]),
      );
      expect(retention).toEqual({ [orders]: '3600000', [`${orders}.dlq`]: String(30 * 24 * 3600 * 1000) });
    } finally {
      await admin.disconnect();
    }
  });

  it('dead-letters a message its codec rejects without calling the handler, keeping bytes and headers', async () => {
    const deposits = `it.deposits.${run}`;
    bus = await makeTestKafkaBus({
      codec: new SchemaValidatingJsonCodec({ [deposits]: { type: 'object', required: ['payAddress'] } }),
    });
    const handled = await collect(bus, deposits, `it-payments-${run}`);
    const deadLetters = await collect(bus, `${deposits}.dlq`, `it-ops-${run}`);
    const producer = rawKafka().producer();
    await producer.connect();
    try {
      await producer.send({
        topic: deposits,
        messages: [
          { key: 'addr-1', value: '{"amount":"1.5"}', headers: { 'x-trace-id': 'trace-7' } },
          { key: 'addr-1', value: '{"payAddress":"addr-1"}' },
        ],
      });
    } finally {
      await producer.disconnect();
    }

    await waitFor(() => expect(handled.map((message) => message.value)).toEqual([{ payAddress: 'addr-1' }]));
    await waitFor(() => expect(deadLetters).toHaveLength(1));
    expect(deadLetters[0]).toMatchObject({ key: 'addr-1', value: { amount: '1.5' } });
    expect(deadLetters[0]?.headers).toMatchObject({
      'x-trace-id': 'trace-7',
      'x-dlq-original-topic': deposits,
      'x-dlq-attempts': '1',
    });
    expect(deadLetters[0]?.headers['x-dlq-reason']).toMatch(
      /^undecodable: SchemaValidationError: .*payAddress/,
    );
  });

  it('gives up a message in its retry backoff when stopped, uncommitted, so the next member of the group gets it', async () => {
    const commands = `it.commands.${run}`;
    const groupId = `it-payments-stop-${run}`;
    bus = await makeTestKafkaBus({ retryBackoffMs: 60_000 });
    let failures = 0;
    const failing = await bus.subscribe(
      { topics: [commands], groupId, fromBeginning: true, maxAttempts: 5 },
      async () => {
        failures++;
        throw new Error('event store unavailable');
      },
    );
    await bus.publish(commands, [{ key: 'payment-1', value: { type: 'ExpirePayment' } }]);
    await waitFor(() => expect(failures).toBe(1));

    // Waiting out the 60 s backoff would outlast the test's own timeout.
    await failing.stop();
    const retried = await collect(bus, commands, groupId);

    await waitFor(() => expect(retried.map((message) => message.value)).toEqual([{ type: 'ExpirePayment' }]));
  });

  describe('with the schema registry codec', () => {
    // The real registry behind a proxy that can play an outage.
    let registry: RegistryProxy;
    beforeEach(async () => {
      registry = new RegistryProxy();
      await registry.start();
    });
    afterEach(() => registry.stop());

    const depositSchema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['payAddress', 'amount'],
      properties: { payAddress: { type: 'string' }, amount: { type: 'string' } },
    };

    it('carries wire-format values end to end and dead-letters the original bytes', async () => {
      const deposits = `it.registry-deposits.${run}`;
      const codec = new SchemaRegistryCodec({
        url: registry.url,
        schemasByTopic: { [deposits]: depositSchema },
      });
      await codec.start();
      bus = await makeTestKafkaBus({ codec });
      const handled: unknown[] = [];
      await bus.subscribe(
        { topics: [deposits], groupId: `it-registry-${run}`, fromBeginning: true, maxAttempts: 2 },
        async (message) => {
          if ((message.value as { amount: string }).amount === '0') throw new Error('zero deposit');
          handled.push(message.value);
        },
      );
      const deadLetters = await collect(bus, `${deposits}.dlq`, `it-registry-ops-${run}`);

      await bus.publish(deposits, [
        { key: 'addr-1', value: { payAddress: 'addr-1', amount: '0' } },
        { key: 'addr-1', value: { payAddress: 'addr-1', amount: '2.5' } },
      ]);

      await waitFor(() => expect(handled).toEqual([{ payAddress: 'addr-1', amount: '2.5' }]));
      await waitFor(() => expect(deadLetters).toHaveLength(1));
      expect(deadLetters[0]?.value).toEqual({ payAddress: 'addr-1', amount: '0' });
      expect(deadLetters[0]?.headers['x-dlq-reason']).toBe('Error: zero deposit');
    });

    it('waits for an unreachable registry instead of dead-lettering the message', async () => {
      const deposits = `it.registry-outage.${run}`;
      const schemasByTopic = { [deposits]: depositSchema };
      const producerCodec = new SchemaRegistryCodec({ url: registry.url, schemasByTopic });
      await producerCodec.start();
      // A consumer that has never seen the schema id must ask the registry for it.
      bus = await makeTestKafkaBus({ codec: new SchemaRegistryCodec({ url: registry.url, schemasByTopic }) });
      const handled = await collect(bus, deposits, `it-outage-${run}`);
      const deadLetters = await collect(bus, `${deposits}.dlq`, `it-outage-ops-${run}`);
      const producer = rawKafka().producer();
      await producer.connect();
      const value = await producerCodec.encode(deposits, { payAddress: 'addr-9', amount: '1' });
      registry.unavailable = true;
      try {
        await producer.send({ topic: deposits, messages: [{ key: 'addr-9', value }] });
      } finally {
        await producer.disconnect();
      }

      // The client tries a lookup four times (one try, three retries on 503) before the codec gives
      // up with CodecUnavailableError; a fifth lookup is the member trying the message again.
      const lookups = () => registry.paths.filter((path) => path.startsWith('/schemas/ids/'));
      await waitFor(() => expect(lookups().length).toBeGreaterThanOrEqual(5));
      expect(handled).toEqual([]);
      registry.unavailable = false;

      await waitFor(() =>
        expect(handled.map((message) => message.value)).toEqual([{ payAddress: 'addr-9', amount: '1' }]),
      );
      expect(deadLetters).toEqual([]);
    });
  });
});
