import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TOPICS, TOPIC_SCHEMAS } from '@gw/contracts';
import {
  CodecUnavailableError,
  createMessageCodec,
  SchemaRegistryCodec,
  SchemaRegistryTimeoutError,
  SchemaValidatingJsonCodec,
  SchemaValidationError,
  valueSubjectFor,
} from '../src';
import { RegistryProxy, realRegistryUrl, registryGet } from './support/registry-proxy';

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

/**
 * Against the real registry (Apicurio, started by scripts/infra). Subjects are global there, so every
 * test names its own topics: the contract topics under a prefix of its own.
 */
// A known flake, cause not found: on one clean-clone CI run of five, one test of this file waited out
// jest's 60 s, when neither the registry client nor these tests' own requests had a timeout. Both now
// do, so a request the registry leaves unanswered fails in seconds naming itself; retried, with each
// failure logged, until the cause is found.
jest.retryTimes(2, { logErrorsBeforeRetry: true });

describe('SchemaRegistryCodec on a real registry', () => {
  let prefix: string;
  let topicOf: (topic: string) => string;
  let schemas: Record<string, Record<string, unknown>>;
  beforeEach(() => {
    prefix = `it-${randomUUID().slice(0, 8)}`;
    topicOf = (topic) => `${prefix}.${topic}`;
    schemas = Object.fromEntries(
      Object.entries(TOPIC_SCHEMAS).map(([topic, schema]) => [topicOf(topic), schema]),
    );
  });

  const startCodec = async (
    schemasByTopic: Record<string, Record<string, unknown>> = schemas,
    url = realRegistryUrl(),
  ) => {
    const codec = new SchemaRegistryCodec({ url, schemasByTopic });
    await codec.start();
    return codec;
  };
  const versionsOf = async (topic: string) => {
    const [status, versions] = await registryGet(`/subjects/${valueSubjectFor(topic)}/versions`);
    expect(status).toBe(200);
    return versions as number[];
  };

  describe('at start', () => {
    it('registers every contract topic as a JSON Schema subject <topic>-value with BACKWARD compatibility', async () => {
      const codec = await startCodec();

      for (const [topic, schema] of Object.entries(schemas)) {
        const subject = valueSubjectFor(topic);
        expect(await registryGet(`/config/${subject}`)).toEqual([
          200,
          expect.objectContaining({ compatibilityLevel: 'BACKWARD' }),
        ]);
        expect(await versionsOf(topic)).toHaveLength(1);
        const [, latest] = await registryGet(`/subjects/${subject}/versions/latest`);
        expect(latest).toMatchObject({ id: codec.schemaIdOf(topic), schemaType: 'JSON' });
        const [, stored] = await registryGet(`/schemas/ids/${codec.schemaIdOf(topic)}`);
        expect(JSON.parse((stored as { schema: string }).schema)).toEqual(schema);
      }
    });

    it('keeps the same ids and adds no version when it starts again with unchanged schemas', async () => {
      const first = await startCodec();
      const second = await startCodec();

      const events = topicOf(TOPICS.events);
      expect(second.schemaIdOf(events)).toBe(first.schemaIdOf(events));
      expect(await versionsOf(events)).toHaveLength(1);
    });

    it('adds a version for a BACKWARD-compatible change (a new optional field)', async () => {
      const topic = topicOf('compatible');
      // Closed, as every contract schema is: in an open model a new property narrows what was allowed.
      const v1 = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
      const first = await startCodec({ [topic]: v1 });
      const second = await startCodec({
        [topic]: { ...v1, properties: { ...v1.properties, b: { type: 'string' } } },
      });

      expect(second.schemaIdOf(topic)).not.toBe(first.schemaIdOf(topic));
      expect(await versionsOf(topic)).toHaveLength(2);
    });

    // The contract schemas as a registry first held them (before the event types of 2026-11-27): a
    // gateway upgraded from there registers its own schemas as the next versions of the same subjects.
    it('registers the current contracts as the next BACKWARD-compatible versions of the first registered ones', async () => {
      const firstRegistered = Object.fromEntries(
        Object.keys(TOPIC_SCHEMAS).map((topic) => [
          topicOf(topic),
          JSON.parse(
            readFileSync(path.join(__dirname, 'fixtures', 'first-registered', `${topic}.json`), 'utf8'),
          ),
        ]),
      );
      await startCodec(firstRegistered);

      const upgraded = await startCodec();

      for (const topic of Object.keys(schemas))
        expect((await versionsOf(topic)).length).toBeLessThanOrEqual(2);
      const events = topicOf(TOPICS.events);
      expect(await versionsOf(events)).toHaveLength(2);
      const [, latest] = await registryGet(`/subjects/${valueSubjectFor(events)}/versions/latest`);
      expect(latest).toMatchObject({ id: upgraded.schemaIdOf(events) });
    });

    it('fails naming the topic and subject when the registry finds the new schema incompatible', async () => {
      const topic = topicOf('incompatible');
      await startCodec({
        [topic]: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      });

      const restart = startCodec({
        [topic]: { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false },
      });

      await expect(restart).rejects.toThrow(
        new RegExp(`${topic.replace(/\./g, '\\.')}-value: .*Incompatible`),
      );
      expect(await versionsOf(topic)).toHaveLength(1);
    });

    it('fails naming the request and its timeout when the registry takes the request and never answers', async () => {
      const proxy = new RegistryProxy();
      await proxy.start();
      try {
        proxy.stalled = true;
        const codec = new SchemaRegistryCodec({
          url: proxy.url,
          schemasByTopic: schemas,
          requestTimeoutMs: 200,
        });

        const starting = codec.start();

        await expect(starting).rejects.toThrow(
          /could not register the schema of .*: the schema registry did not answer GET http:\/\/127\.0\.0\.1:\d+\/config\/.* within 200 ms/,
        );
        await expect(starting).rejects.toMatchObject({ cause: expect.any(SchemaRegistryTimeoutError) });
      } finally {
        await proxy.stop();
      }
    });

    it('refuses a subject configured with another compatibility than BACKWARD', async () => {
      const topic = topicOf(TOPICS.deposits);
      const response = await fetch(`${realRegistryUrl()}/config/${valueSubjectFor(topic)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ compatibility: 'NONE' }),
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(200);

      await expect(startCodec()).rejects.toThrow(/chain\.deposits-value: .*BACKWARD != NONE/);
    });
  });

  describe('encoding', () => {
    it('writes the Confluent wire format with the topic’s schema id', async () => {
      const codec = await startCodec();
      const topic = topicOf(TOPICS.deposits);

      const bytes = await codec.encode(topic, deposit);

      expect(wireParts(bytes)).toEqual({ magic: 0, schemaId: codec.schemaIdOf(topic), payload: deposit });
    });

    it('rejects a value its contract schema does not allow, as the ajv-only codec does', async () => {
      const codec = await startCodec();

      const encoding = codec.encode(topicOf(TOPICS.deposits), { ...deposit, amount: 12.5, extra: true });

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
    it('decodes with the writer’s schema fetched by id once, when the consumer has never seen it', async () => {
      const producer = await startCodec();
      const topic = topicOf(TOPICS.deposits);
      const bytes = await producer.encode(topic, deposit);
      const proxy = new RegistryProxy();
      await proxy.start();
      try {
        const consumer = new SchemaRegistryCodec({ url: proxy.url, schemasByTopic: schemas });
        const lookups = () =>
          proxy.paths.filter((path) => path === `/schemas/ids/${producer.schemaIdOf(topic)}`);

        expect(await consumer.decode(topic, bytes)).toEqual(deposit);
        expect(lookups()).toHaveLength(1);
        expect(await consumer.decode(topic, bytes)).toEqual(deposit);
        expect(lookups()).toHaveLength(1);
      } finally {
        await proxy.stop();
      }
    });

    it('decodes a dead letter, which carries the original topic’s wire-format bytes', async () => {
      const codec = await startCodec();
      const topic = topicOf(TOPICS.deposits);
      const bytes = await codec.encode(topic, deposit);

      expect(await codec.decode(`${topic}.dlq`, bytes)).toEqual(deposit);
    });

    it('refuses plain JSON on a topic that has a schema', async () => {
      const codec = await startCodec();

      await expect(
        codec.decode(topicOf(TOPICS.deposits), Buffer.from(JSON.stringify(deposit))),
      ).rejects.toThrow(/chain\.deposits is not in the schema registry wire format/);
    });

    it('fails for good on a schema id the registry does not know', async () => {
      const codec = await startCodec();
      const bytes = await codec.encode(topicOf(TOPICS.deposits), deposit);
      bytes.writeInt32BE(2_000_000_000, 1);

      const decoding = codec.decode(topicOf(TOPICS.deposits), bytes);

      await expect(decoding).rejects.toThrow();
      await expect(decoding).rejects.not.toBeInstanceOf(CodecUnavailableError);
    });

    it('reports an unreachable registry as CodecUnavailableError, so consumers retry instead of dead-lettering', async () => {
      const producer = await startCodec();
      const topic = topicOf(TOPICS.deposits);
      const bytes = await producer.encode(topic, deposit);
      const proxy = new RegistryProxy();
      await proxy.start();
      try {
        const consumer = new SchemaRegistryCodec({ url: proxy.url, schemasByTopic: schemas });
        proxy.unavailable = true;

        await expect(consumer.decode(topic, bytes)).rejects.toBeInstanceOf(CodecUnavailableError);
      } finally {
        await proxy.stop();
      }
    });

    it('reports a registry that does not answer in time as CodecUnavailableError, so consumers retry', async () => {
      const producer = await startCodec();
      const topic = topicOf(TOPICS.deposits);
      const bytes = await producer.encode(topic, deposit);
      const proxy = new RegistryProxy();
      await proxy.start();
      try {
        const consumer = new SchemaRegistryCodec({
          url: proxy.url,
          schemasByTopic: schemas,
          requestTimeoutMs: 200,
        });
        proxy.stalled = true;

        const decoding = consumer.decode(topic, bytes);

        await expect(decoding).rejects.toBeInstanceOf(CodecUnavailableError);
        await expect(decoding).rejects.toMatchObject({ cause: expect.any(SchemaRegistryTimeoutError) });
        await expect(decoding).rejects.toThrow(/did not answer GET .*\/schemas\/ids\/\d+ within 200 ms/);
      } finally {
        await proxy.stop();
      }
    });
  });

  describe('createMessageCodec', () => {
    it('is the ajv-only JSON codec without a registry URL', async () => {
      const codec = await createMessageCodec({ schemasByTopic: schemas, schemaRegistryUrl: null });

      expect(codec).toBeInstanceOf(SchemaValidatingJsonCodec);
    });

    it('is the registry codec, subjects registered, with a registry URL', async () => {
      const codec = await createMessageCodec({
        schemasByTopic: schemas,
        schemaRegistryUrl: realRegistryUrl(),
      });

      expect(codec).toBeInstanceOf(SchemaRegistryCodec);
      const [, subjects] = await registryGet('/subjects');
      expect((subjects as string[]).filter((subject) => subject.startsWith(`${prefix}.`)).sort()).toEqual(
        Object.keys(schemas).map(valueSubjectFor).sort(),
      );
    });
  });
});
