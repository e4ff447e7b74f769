import { DecodedValues, NOT_PLAIN_JSON, copyDecoded, jsonSnapshot } from '../src/embedded/decoded-values';
import type { LoggedMessage } from '../src/embedded/topic-log';

const message = (value: unknown, offset = 0): LoggedMessage => ({
  key: 'payment-1',
  bytes: Buffer.from(JSON.stringify(value)),
  headers: {},
  offset,
});
const parse = (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8'));

describe('DecodedValues', () => {
  it('decodes a message once and gives every caller a value of its own', async () => {
    const decoded = new DecodedValues();
    const logged = message({ type: 'PaymentCreated', data: { payAmount: '0.1', tags: ['a'] } });
    let decodes = 0;
    const decode = (bytes: Buffer) => {
      decodes++;
      return parse(bytes);
    };
    const first = (await decoded.decode(logged, decode)) as { data: { payAmount: string; tags: string[] } };
    first.data.payAmount = 'changed by the first group';
    first.data.tags.push('b');
    const second = await decoded.decode(logged, decode);
    expect(decodes).toBe(1);
    expect(second).toEqual({ type: 'PaymentCreated', data: { payAmount: '0.1', tags: ['a'] } });
  });

  it('decodes again once a message has left its bounded memory', async () => {
    const decoded = new DecodedValues(1);
    const first = message({ n: 1 }, 0);
    let decodes = 0;
    const decode = (bytes: Buffer) => {
      decodes++;
      return parse(bytes);
    };
    await decoded.decode(first, decode);
    await decoded.decode(message({ n: 2 }, 1), decode);
    expect(await decoded.decode(first, decode)).toEqual({ n: 1 });
    expect(decodes).toBe(3);
  });

  it('does not remember a message its codec refused', async () => {
    const decoded = new DecodedValues();
    const logged = message({ n: 1 });
    await expect(
      decoded.decode(logged, () => {
        throw new Error('schema registry unreachable');
      }),
    ).rejects.toThrow('unreachable');
    expect(await decoded.decode(logged, parse)).toEqual({ n: 1 });
  });
});

describe('copyDecoded', () => {
  it('copies a JSON value exactly as parsing it again would, __proto__ keys included', () => {
    const json = '{"a":[1,{"b":null}],"__proto__":{"polluted":true},"s":"x","t":true}';
    const copy = copyDecoded(JSON.parse(json)) as Record<string, unknown>;
    expect(copy).toEqual(JSON.parse(json));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['a', '__proto__', 's', 't']);
    expect(JSON.stringify(copy)).toBe(json);
  });

  it('copies values that are not plain JSON through structuredClone', () => {
    const value = { at: new Date('2026-01-01T00:00:00Z') };
    const copy = copyDecoded(value);
    // structuredClone builds its Date in node's realm, not jest's: compare the tag, not the constructor.
    expect(Object.prototype.toString.call(copy.at)).toBe('[object Date]');
    expect(copy.at).not.toBe(value.at);
    expect(copy.at.getTime()).toBe(value.at.getTime());
  });
});

describe('jsonSnapshot', () => {
  it('copies a value JSON carries unchanged, equal to its round trip', () => {
    const value = { a: [1, 'x', true, null, { b: -1.5 }], __proto__: null, c: {} } as Record<string, unknown>;
    const snapshot = jsonSnapshot(value);
    expect(snapshot).toEqual(JSON.parse(JSON.stringify(value)));
    expect(snapshot).not.toBe(value);
    expect((snapshot as { a: unknown[] }).a).not.toBe(value.a);
  });

  it.each([
    ['an undefined field', { a: undefined }],
    ['NaN', { a: Number.NaN }],
    ['Infinity', [Number.POSITIVE_INFINITY]],
    ['minus zero', { a: -0 }],
    ['a Date', { a: new Date(0) }],
    ['a toJSON method', { a: { toJSON: () => 'x' } }],
    ['a sparse array', [1, , 3]],
    ['a bigint', { a: 1n }],
    ['a function', { a: () => 1 }],
    ['a class instance', { a: new Map() }],
  ])('refuses %s, which JSON would change', (_name, value) => {
    expect(jsonSnapshot(value)).toBe(NOT_PLAIN_JSON);
  });
});
