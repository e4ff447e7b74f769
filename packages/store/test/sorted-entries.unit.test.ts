import fc from 'fast-check';
import { compareValues } from '../src/embedded/document-values';
import { SortedEntries } from '../src/embedded/sorted-entries';

/** How many value comparisons the entries made: the work an insert costs. */
const mockCompared = { values: 0 };
jest.mock('../src/embedded/document-values', () => {
  const actual = jest.requireActual('../src/embedded/document-values');
  return {
    ...actual,
    compareValues: (...args: Parameters<typeof actual.compareValues>) => {
      mockCompared.values++;
      return actual.compareValues(...args);
    },
  };
});

type Entry = [value: string | number | null, id: string];

const byValueThenId = ([av, ai]: Entry, [bv, bi]: Entry) =>
  compareValues(av, bv) || (ai < bi ? -1 : ai > bi ? 1 : 0);

const operation = fc.record({
  insert: fc.boolean(),
  value: fc.constantFrom<string | number | null>('a', 'b', 'c', 1, 2, null),
  id: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'),
});

describe('sorted entries in chunks', () => {
  it('keeps the same order, sizes, equality ranges and keyset walks as one sorted array, across chunk splits and removals', () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 80 }),
        fc.integer({ min: 1, max: 4 }),
        (operations, maxChunk) => {
          const entries = new SortedEntries(maxChunk);
          let model: Entry[] = [];
          for (const { insert, value, id } of operations) {
            const present = model.some(([v, i]) => i === id && compareValues(v, value) === 0);
            if (insert && !model.some(([, i]) => i === id)) {
              entries.insert(value, id);
              model = [...model, [value, id] as Entry].sort(byValueThenId);
            } else if (!insert) {
              expect(entries.delete(value, id)).toBe(present);
              if (present) model = model.filter(([v, i]) => !(i === id && compareValues(v, value) === 0));
            }
          }
          const ids = model.map(([, id]) => id);
          expect(entries.size).toBe(model.length);
          expect([...entries.ascending()]).toEqual(ids);
          expect([...entries.descending()]).toEqual([...ids].reverse());
          for (const value of ['a', 'b', 1, null]) {
            expect([...entries.equalTo(value)]).toEqual(
              model.filter(([v]) => compareValues(v, value) === 0).map(([, id]) => id),
            );
            expect([...entries.descendingBelow(value)]).toEqual(
              model
                .filter(([v]) => compareValues(v, value) < 0)
                .map(([, id]) => id)
                .reverse(),
            );
            expect([...entries.ascendingFrom(value)]).toEqual(
              model.filter(([v]) => compareValues(v, value) >= 0).map(([, id]) => id),
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('appends entries that come in order with one comparison each, into full chunks', () => {
    const entries = new SortedEntries(512);
    const ids = Array.from({ length: 100_000 }, (_, i) => String(4_000_000_000 + i));
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i).toISOString();

    mockCompared.values = 0;
    ids.forEach((id, i) => entries.insert(i < 50_000 ? null : at(i), id));

    // Two binary searches (over ~200 chunks, then within one) compared ~17 times per insert.
    expect(mockCompared.values).toBe(ids.length - 1);
    expect([...entries.ascending()]).toEqual(ids);
    expect([...entries.equalTo(null)]).toHaveLength(50_000);
    expect([...entries.descendingBelow(at(50_002))]).toEqual(ids.slice(0, 50_002).reverse());
    // Split in halves, appended chunks would hold 256 entries each: twice the chunks to search.
    expect((entries as unknown as { chunks: unknown[] }).chunks).toHaveLength(Math.ceil(ids.length / 512));
  });

  it('inserts 1,000,000 entries in no particular order in about linear time', () => {
    const entries = new SortedEntries();
    const started = Date.now();
    for (let i = 0; i < 1_000_000; i++) entries.insert(`seed-${i}`, String(i));
    expect(entries.size).toBe(1_000_000);
    const first = [...entries.ascending()].slice(0, 3);
    expect(first).toEqual(['0', '1', '10']);
    // A flat array spliced per insert takes minutes here.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
