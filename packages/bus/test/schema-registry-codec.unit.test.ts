import { TOPICS, TOPIC_SCHEMAS } from '@gw/contracts';
import {
  CodecUnavailableError,
  createMessageCodec,
  SchemaRegistryCodec,
  SchemaValidatingJsonCodec,
  SchemaValidationError,
  valueSubjectFor,
} from '../src';
import { FakeSchemaRegistry } from './support/fake-schema-registry';

const deposit = {
  payAddress: 'TXYZpayAddress1',
  network: 'trx',
  paymentId: 4521,
  merchantId: 'merchant-1',
  txHash: '0xabc',
  amount: '12.5',
  fromAddress: null,
  confirmations: 3,
  observedAt: '2024-05-01T10:00:00.000Z',
};

/** The Confluent wire format: magic byte 0, the schema id as a 4-byte big-endian integer, the payload. */
function wireParts(bytes: Buffer) {
  return {
    magic: bytes[0],
    schemaId: bytes.readInt32BE(1),
    payload: JSON.parse(bytes.subarray(5).toString()),
  };
}

describe('SchemaRegistryCodec', () => {
  let registry: FakeSchemaRegistry;
  beforeEach(async () => {
    registry = new FakeSchemaRegistry();
    await registry.start();
  });
  afterEach(() => registry.stop());

  const startCodec = async (schemasByTopic: Record<string, Record<string, unknown>> = TOPIC_SCHEMAS) => {
    const codec = new SchemaRegistryCodec({ url: registry.url, schemasByTopic });
    await codec.start();
    return codec;
  };

  describe('at start', () => {
    it('registers every contract topic as a JSON Schema subject <topic>-value with BACKWARD compatibility', async () => {
      const codec = await startCodec();

      for (const [topic, schema] of Object.entries(TOPIC_SCHEMAS)) {
        const subject = valueSubjectFor(topic);
        expect(registry.configs.get(subject)).toBe('BACKWARD');
        const [id] = registry.subjects.get(subject) ?? [];
        expect(id).toBe(codec.schemaIdOf(topic));
        expect(registry.schemaById(id!)).toMatchObject({ schemaType: 'JSON' });
        expect(JSON.parse(registry.schemaById(id!)!.schema)).toEqual(schema);
      }
      expect(registry.subjects.size).toBe(Object.keys(TOPIC_SCHEMAS).length);
    });

    it('keeps the same ids and adds no version when it starts again with unchanged schemas', async () => {
      const first = await startCodec();
      const second = await startCodec();

      expect(second.schemaIdOf(TOPICS.events)).toBe(first.schemaIdOf(TOPICS.events));
      expect(registry.subjects.get(valueSubjectFor(TOPICS.events))).toHaveLength(1);
      const configWrites = registry.requests.filter((request) => request.method === 'PUT');
      expect(configWrites).toHaveLength(Object.keys(TOPIC_SCHEMAS).length);
    });

    it('fails naming the topic and subject when the registry finds the new schema incompatible', async () => {
      await startCodec({ 'payments.test': { type: 'object', properties: { a: { type: 'string' } } } });
      registry.incompatible.add('payments.test-value');

      const restart = startCodec({ 'payments.test': { type: 'object', required: ['b'] } });

      await expect(restart).rejects.toThrow(/payments\.test as payments\.test-value: .*incompatible/);
    });

    it('refuses a subject configured with another compatibility than BACKWARD', async () => {
      registry.configs.set(valueSubjectFor(TOPICS.deposits), 'NONE');

      await expect(startCodec()).rejects.toThrow(/chain\.deposits-value: .*BACKWARD != NONE/);
    });
  });

  describe('encoding', () => {
    it('writes the Confluent wire format with the topic’s schema id', async () => {
      const codec = await startCodec();

      const bytes = await codec.encode(TOPICS.deposits, deposit);

      expect(wireParts(bytes)).toEqual({
        magic: 0,
        schemaId: codec.schemaIdOf(TOPICS.deposits),
        payload: deposit,
      });
    });

    it('rejects a value its contract schema does not allow, as the ajv-only codec does', async () => {
      const codec = await startCodec();

      const encoding = codec.encode(TOPICS.deposits, { ...deposit, amount: 12.5, extra: true });

      await expect(encoding).rejects.toBeInstanceOf(SchemaValidationError);
      await expect(encoding).rejects.toThrow(/chain\.deposits .*encode.*\/amount must be string/);
    });

    it('writes topics without a schema as plain JSON', async () => {
      const codec = await startCodec();

      const bytes = await codec.encode('ops.audit', { note: 'no schema' });

      expect(bytes.toString()).toBe('{"note":"no schema"}');
      expect(await codec.decode('ops.audit', bytes)).toEqual({ note: 'no schema' });
    });
  });

  describe('decoding', () => {
    it('decodes with the writer’s schema fetched by id when the consumer has never seen it', async () => {
      const producer = await startCodec();
      const bytes = await producer.encode(TOPICS.deposits, deposit);
      const consumer = new SchemaRegistryCodec({ url: registry.url, schemasByTopic: TOPIC_SCHEMAS });
      const lookups = () =>
        registry.requests.filter(
          (request) => request.path === `/schemas/ids/${producer.schemaIdOf(TOPICS.deposits)}`,
        );

      expect(await consumer.decode(TOPICS.deposits, bytes)).toEqual(deposit);
      expect(lookups()).toHaveLength(1);
      expect(await consumer.decode(TOPICS.deposits, bytes)).toEqual(deposit);
      expect(lookups()).toHaveLength(1);
    });

    it('decodes a dead letter, which carries the original topic’s wire-format bytes', async () => {
      const codec = await startCodec();
      const bytes = await codec.encode(TOPICS.deposits, deposit);

      expect(await codec.decode(`${TOPICS.deposits}.dlq`, bytes)).toEqual(deposit);
    });

    it('refuses plain JSON on a topic that has a schema', async () => {
      const codec = await startCodec();

      await expect(codec.decode(TOPICS.deposits, Buffer.from(JSON.stringify(deposit)))).rejects.toThrow(
        /chain\.deposits is not in the schema registry wire format/,
      );
    });

    it('fails for good on a schema id the registry does not know', async () => {
      const codec = await startCodec();
      const bytes = await codec.encode(TOPICS.deposits, deposit);
      bytes.writeInt32BE(9_999, 1);

      const decoding = codec.decode(TOPICS.deposits, bytes);

      await expect(decoding).rejects.toThrow(/Schema not found/);
      await expect(decoding).rejects.not.toBeInstanceOf(CodecUnavailableError);
    });

    it('reports an unreachable registry as CodecUnavailableError, so consumers retry instead of dead-lettering', async () => {
      const producer = await startCodec();
      const bytes = await producer.encode(TOPICS.deposits, deposit);
      const consumer = new SchemaRegistryCodec({ url: registry.url, schemasByTopic: TOPIC_SCHEMAS });
      await registry.stop();

      await expect(consumer.decode(TOPICS.deposits, bytes)).rejects.toBeInstanceOf(CodecUnavailableError);
    });
  });
});

describe('createMessageCodec', () => {
  it('is the ajv-only JSON codec without a registry URL', async () => {
    const codec = await createMessageCodec({ schemasByTopic: TOPIC_SCHEMAS, schemaRegistryUrl: null });

    expect(codec).toBeInstanceOf(SchemaValidatingJsonCodec);
  });

  it('is the registry codec, subjects registered, with a registry URL', async () => {
    const registry = new FakeSchemaRegistry();
    await registry.start();
    try {
      const codec = await createMessageCodec({
        schemasByTopic: TOPIC_SCHEMAS,
        schemaRegistryUrl: registry.url,
      });

      expect(codec).toBeInstanceOf(SchemaRegistryCodec);
      expect([...registry.subjects.keys()].sort()).toEqual(
        Object.keys(TOPIC_SCHEMAS)
          .map((topic) => `${topic}-value`)
          .sort(),
      );
    } finally {
      await registry.stop();
    }
  });
});
