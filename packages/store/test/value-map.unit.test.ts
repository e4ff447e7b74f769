import { equalityKey } from '../src/embedded/document-values';
import { ValueMap } from '../src/embedded/value-map';

const values: unknown[] = [
  0,
  -0,
  1,
  NaN,
  '1',
  '',
  'n:1',
  null,
  undefined,
  true,
  false,
  { a: 1 },
  [1],
  'null',
];

describe('ValueMap', () => {
  it('treats two values as one key exactly when their equality keys match', () => {
    for (const a of values) {
      for (const b of values) {
        const map = new ValueMap<string>();
        map.set(a, 'a');
        expect(map.get(b) === 'a').toBe(equalityKey(a) === equalityKey(b));
      }
    }
  });

  it('deletes and clears across every kind of key', () => {
    const map = new ValueMap<number>();
    values.forEach((value, i) => map.set(value, i));
    map.delete('1');
    expect(map.get('1')).toBeUndefined();
    expect(map.get(1)).toBe(2);
    map.clear();
    expect(values.map((value) => map.get(value))).toEqual(values.map(() => undefined));
  });
});
