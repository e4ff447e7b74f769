import { NOT_PLAIN_JSON, frozenJsonCopy } from '../src/frozen-json';

const isDeepFrozen = (value: unknown): boolean =>
  typeof value !== 'object' ||
  value === null ||
  (Object.isFrozen(value) && Object.values(value).every(isDeepFrozen));

describe('frozenJsonCopy', () => {
  it('copies plain JSON data into new frozen objects, keys in the order JSON writes them', () => {
    const value = { b: 1, a: [1, 'two', null, true, { c: -1.5 }], 2: 'x', 1: 'y', empty: {} };
    const copy = frozenJsonCopy(value);

    expect(copy).toStrictEqual(JSON.parse(JSON.stringify(value)));
    expect(Object.keys(copy as object)).toEqual(Object.keys(JSON.parse(JSON.stringify(value))));
    expect(isDeepFrozen(copy)).toBe(true);
    expect(copy).not.toBe(value);
    expect((copy as { a: unknown[] }).a).not.toBe(value.a);
    expect(Object.isFrozen(value)).toBe(false);
    expect(Object.isFrozen(value.a)).toBe(false);
  });

  it('passes on what it made as it is, also inside a new value, and copies what others froze', () => {
    const made = frozenJsonCopy({ data: { amount: '1.5' } }) as { data: object };
    const wrapped = frozenJsonCopy({ topic: 'payments.events', value: made }) as { value: unknown };
    const frozenElsewhere = Object.freeze({ amount: '1.5' });

    expect(frozenJsonCopy(made)).toBe(made);
    expect(wrapped.value).toBe(made);
    expect(frozenJsonCopy(frozenElsewhere)).not.toBe(frozenElsewhere);
    expect(frozenJsonCopy(frozenElsewhere)).toEqual(frozenElsewhere);
  });

  it('copies bare strings, numbers, booleans and null as themselves', () => {
    expect(['s', 0, 12.5, false, null].map(frozenJsonCopy)).toEqual(['s', 0, 12.5, false, null]);
  });

  it('copies an object without a prototype as the plain object JSON.parse would make', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    const copy = frozenJsonCopy(bare);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy).toEqual({ a: 1 });
  });

  class Amount {
    value = '1';
  }
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const holes = [1, , 3];

  it.each([
    ['undefined', undefined],
    ['an undefined field', { a: undefined }],
    ['an undefined array item', [undefined]],
    ['a hole in an array', holes],
    ['a function', { f: () => 1 }],
    ['a symbol', { s: Symbol('s') }],
    ['a bigint', { n: 1n }],
    ['NaN', { n: Number.NaN }],
    ['Infinity', [Number.NEGATIVE_INFINITY]],
    ['-0', { n: -0 }],
    ['a Date', { at: new Date(0) }],
    ['a class instance', { amount: new Amount() }],
    ['a Map', new Map()],
    ['a Buffer', { bytes: Buffer.from('x') }],
    ['a boxed string', { s: new String('s') }],
    ['a toJSON method', { toJSON: () => 'x' }],
    ['a symbol key', { [Symbol('s')]: 1, a: 1 }],
    ['a __proto__ key', JSON.parse('{"__proto__": {"polluted": true}}') as unknown],
    ['a cycle', cyclic],
  ])('answers NOT_PLAIN_JSON for %s, which JSON would change or refuse', (_label, value) => {
    expect(frozenJsonCopy(value)).toBe(NOT_PLAIN_JSON);
  });
});
