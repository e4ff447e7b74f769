import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { JsonCodec, SchemaValidatingJsonCodec, SchemaValidationError } from '../src';

const paymentCreated = {
  type: 'object',
  required: ['paymentId', 'occurredAt'],
  properties: { paymentId: { type: 'string' }, occurredAt: { type: 'string', format: 'date-time' } },
  additionalProperties: false,
};

describe('JsonCodec', () => {
  const codec = new JsonCodec();

  it('round-trips JSON values as UTF-8 bytes', () => {
    const value = { amount: '0.5', coin: 'usdttrc20', memo: 'naïve €', list: [1, null, true] };
    const bytes = codec.encode('payments.events', value);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(value));
    expect(codec.decode('payments.events', bytes)).toEqual(value);
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => codec.encode('t', undefined)).toThrow(TypeError);
    expect(() => codec.encode('t', 10n)).toThrow(TypeError);
  });
});

describe('SchemaValidatingJsonCodec', () => {
  const codec = new SchemaValidatingJsonCodec({ 'payments.events': paymentCreated });

  it('encodes and decodes a valid message', async () => {
    const value = { paymentId: 'p-1', occurredAt: '2024-05-01T10:00:00.000Z' };
    expect(await codec.decode('payments.events', await codec.encode('payments.events', value))).toEqual(
      value,
    );
  });

  it('rejects an invalid message on encode, naming the topic and every ajv error', () => {
    const encode = () => codec.encode('payments.events', { occurredAt: 'yesterday', extra: 1 });
    expect(encode).toThrow(SchemaValidationError);
    try {
      encode();
    } catch (error) {
      const failure = error as SchemaValidationError;
      expect(failure.topic).toBe('payments.events');
      expect(failure.direction).toBe('encode');
      expect(failure.errors.length).toBeGreaterThanOrEqual(3);
      expect(failure.message).toContain('payments.events');
      expect(failure.message).toContain("must have required property 'paymentId'");
      expect(failure.message).toContain('/occurredAt must match format "date-time"');
    }
  });

  it('rejects an invalid message on decode', () => {
    const bytes = Buffer.from(JSON.stringify({ paymentId: 7 }));
    expect(() => codec.decode('payments.events', bytes)).toThrow(/payments\.events.*decode/);
  });

  it('checks bytes it encoded for one topic again when they are decoded as another', () => {
    const strict = new SchemaValidatingJsonCodec({
      'payments.events': paymentCreated,
      'payments.commands': { type: 'object', required: ['commandId'] },
    });
    const bytes = strict.encode('payments.events', {
      paymentId: 'p-1',
      occurredAt: '2024-05-01T10:00:00.000Z',
    });
    expect(strict.decode('payments.events', bytes)).toMatchObject({ paymentId: 'p-1' });
    expect(() => strict.decode('payments.commands', bytes)).toThrow(/payments\.commands.*decode/);
  });

  it('hands every decode of one buffer the same frozen value, checked once', () => {
    const bytes = codec.encode('payments.events', {
      paymentId: 'p-1',
      occurredAt: '2024-05-01T10:00:00.000Z',
    });
    const first = codec.decode('payments.events', bytes) as { paymentId: string };
    expect(codec.decode('payments.events', bytes)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      first.paymentId = 'p-2';
    }).toThrow(TypeError);
  });

  it('freezes what it decodes from bytes it did not encode, nested values included', () => {
    const nested = new SchemaValidatingJsonCodec({});
    const value = nested.decode('t', Buffer.from('{"a":{"b":[1,{"c":2}]}}')) as {
      a: { b: [number, object] };
    };
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
  });

  it('passes topics without a schema through as plain JSON', () => {
    const bytes = codec.encode('payments.events.dlq', { anything: true });
    expect(codec.decode('payments.events.dlq', bytes)).toEqual({ anything: true });
  });

  it('checks a reply inbox against its replies topic’s schema', () => {
    const replies = new SchemaValidatingJsonCodec({ 'payments.replies': paymentCreated });
    const inbox = 'payments.replies.inbox.gateway-7';
    expect(() => replies.encode(inbox, { paymentId: 7 })).toThrow(SchemaValidationError);
    expect(() => replies.decode(inbox, Buffer.from(JSON.stringify({ paymentId: 7 })))).toThrow(/decode/);
    expect(() => replies.encode(`${inbox}.dlq`, { paymentId: 7 })).not.toThrow();
  });
});

describe('SchemaValidatingJsonCodec, a schema with one anyOf branch per message type', () => {
  const timestamp = { type: 'string', format: 'date-time' };
  const branch = (type: string, data: Record<string, unknown>) => ({
    properties: { type: { const: type }, data },
  });
  const schema = {
    $id: 'https://example.test/events',
    type: 'object',
    required: ['type', 'occurredAt', 'data'],
    properties: {
      type: { enum: ['Created', 'Paid', 'Expired'] },
      occurredAt: timestamp,
      data: { type: 'object' },
    },
    anyOf: [
      branch('Created', { type: 'object', required: ['amount'], properties: { amount: { type: 'string' } } }),
      branch('Paid', { type: 'object', required: ['paidAt'], properties: { paidAt: timestamp } }),
      branch('Expired', { type: 'object', required: ['at'], properties: { at: timestamp } }),
    ],
  };
  const codec = new SchemaValidatingJsonCodec({ 'payments.events': schema });
  const at = '2026-11-28T10:00:00.000Z';
  const values = [
    { type: 'Created', occurredAt: at, data: { amount: '1' } },
    { type: 'Paid', occurredAt: at, data: { paidAt: at } },
    { type: 'Expired', occurredAt: at, data: { at } },
    { type: 'Paid', occurredAt: at, data: { amount: '1' } },
    { type: 'Expired', occurredAt: 'yesterday', data: { at } },
    { type: 'Created', occurredAt: at, data: { amount: 1 } },
    { type: 'Teleported', occurredAt: at, data: { at } },
    { occurredAt: at, data: { at } },
    { type: 7, occurredAt: at, data: {} },
  ];

  it.each(values.map((value, i) => [i, value] as const))(
    'accepts and refuses exactly as the whole schema does (case %i)',
    (_i, value) => {
      const whole = addFormats(new Ajv({ allErrors: true, strict: false })).compile(schema);
      const encode = () => codec.encode('payments.events', value);
      if (whole(value)) expect(encode).not.toThrow();
      else expect(encode).toThrow(SchemaValidationError);
    },
  );

  it("names the violations of the message's own type only", () => {
    const encode = () =>
      codec.encode('payments.events', { type: 'Paid', occurredAt: at, data: { paidAt: 'soon' } });
    expect(encode).toThrow('/data/paidAt must match format "date-time"');
    expect(encode).not.toThrow(/amount|\/data must have required property 'at'/);
  });
});

describe('SchemaValidatingJsonCodec.encodeValue: what decode(encode(value)) gives, without bytes', () => {
  const codec = new SchemaValidatingJsonCodec({ 'payments.events': paymentCreated });
  const valid = { paymentId: 'p-1', occurredAt: '2024-05-01T10:00:00.000Z' };

  it('answers a frozen copy equal to the decoded bytes, leaving the publisher’s value its own', () => {
    const value = structuredClone(valid);
    const carried = codec.encodeValue('payments.events', value);

    expect(carried).toStrictEqual(codec.decode('payments.events', codec.encode('payments.events', value)));
    expect(carried).not.toBe(value);
    expect(Object.isFrozen(carried)).toBe(true);
    expect(Object.isFrozen(value)).toBe(false);
  });

  it('refuses what encode refuses, with the same error', () => {
    const invalid = { occurredAt: 'yesterday', extra: 1 };
    const refusal = (encode: () => unknown) => {
      try {
        encode();
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    const byValue = refusal(() => codec.encodeValue('payments.events', invalid)) as SchemaValidationError;
    const byBytes = refusal(() => codec.encode('payments.events', invalid)) as SchemaValidationError;
    expect(byValue).toBeInstanceOf(SchemaValidationError);
    expect(byValue.direction).toBe('encode');
    expect(byValue.message).toBe(byBytes.message);
    expect(() => codec.encodeValue('other', { n: 1n })).toThrow(TypeError);
  });

  it('gives a value JSON would change as the bytes would carry it, frozen, after the same check', () => {
    const value = { at: new Date('2026-01-01T00:00:00Z'), gone: undefined, n: Number.NaN };
    const carried = codec.encodeValue('other', value);

    expect(carried).toStrictEqual({ at: '2026-01-01T00:00:00.000Z', n: null });
    expect(Object.isFrozen(carried)).toBe(true);
    expect(() =>
      codec.encodeValue('payments.events', { ...valid, occurredAt: new Date('2026-01-01T00:00:00Z') }),
    ).toThrow(SchemaValidationError);
  });
});
