import fc from 'fast-check';
import { InMemoryReadModelStore, type Range, type ReadModelDocument } from '../src';

interface Row extends ReadModelDocument {
  merchantId: string;
  createdAt: string | null;
  status: string;
}

const row = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
  version: fc.integer({ min: 1, max: 4 }),
  merchantId: fc.constantFrom('m1', 'm2'),
  createdAt: fc.option(fc.constantFrom('2026-01-01', '2026-01-02', '2026-01-03'), { nil: null }),
  status: fc.constantFrom('waiting', 'finished'),
});

const query = fc.record({
  merchantId: fc.constantFrom('m1', 'm2', 'm3'),
  status: fc.option(fc.constantFrom('waiting', 'finished'), { nil: undefined }),
  // Equalities, and the ranges a keyset page starts from.
  createdAt: fc.option(
    fc.constantFrom<string | null | Range>(
      '2026-01-01',
      '2026-01-02',
      null,
      { $lt: '2026-01-02' },
      { $gt: '2026-01-02' },
      { $gte: '2026-01-02' },
      { $lte: '2026-01-02' },
    ),
    { nil: undefined },
  ),
  direction: fc.constantFrom<1 | -1>(1, -1),
  skip: fc.integer({ min: 0, max: 5 }),
  limit: fc.integer({ min: 0, max: 6 }),
});

describe('ordered compound index', () => {
  it('answers a sorted page, or an equality on both fields, exactly as scanning every document does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 30 }), query, async (rows, q) => {
        const indexed = new InMemoryReadModelStore().collection<Row>('payments');
        const scanned = new InMemoryReadModelStore().collection<Row>('payments');
        await indexed.ensureIndexes([
          {
            fields: [
              ['merchantId', 1],
              ['createdAt', 1],
            ],
          },
        ]);
        for (const document of rows) {
          await indexed.upsertIfNewer(document);
          await scanned.upsertIfNewer(document);
        }
        const filter = {
          merchantId: q.merchantId,
          ...(q.status ? { status: q.status } : {}),
          ...(q.createdAt !== undefined ? { createdAt: q.createdAt } : {}),
        };
        const find = {
          filter,
          sort: [['createdAt', q.direction]] as [string, 1 | -1][],
          skip: q.skip,
          limit: q.limit,
        };
        expect(await indexed.find(find)).toEqual(await scanned.find(find));
        expect(await indexed.count(filter)).toBe(await scanned.count(filter));
      }),
      { numRuns: 300 },
    );
  });

  it('pages the newest 100 of 100,000 documents of one merchant and counts them from the index', async () => {
    const payments = new InMemoryReadModelStore().collection<Row>('payments');
    await payments.ensureIndexes([
      {
        fields: [
          ['merchantId', 1],
          ['createdAt', 1],
        ],
      },
    ]);
    for (let i = 0; i < 100_000; i++) {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
      await payments.upsertIfNewer({
        id: `p${i}`,
        version: 1,
        merchantId: 'm1',
        createdAt,
        status: 'waiting',
      });
    }
    const page = await payments.find({
      filter: { merchantId: 'm1' },
      sort: [['createdAt', -1]],
      skip: 100,
      limit: 100,
    });
    expect(page.map((document) => document.id)).toEqual(
      Array.from({ length: 100 }, (_, i) => `p${99_899 - i}`),
    );
    expect(await payments.count({ merchantId: 'm1' })).toBe(100_000);
  });

  it('answers a range on a single-field index, sorted by that field, exactly as scanning every document does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 30 }), query, async (rows, q) => {
        const indexed = new InMemoryReadModelStore().collection<Row>('stream_events');
        const scanned = new InMemoryReadModelStore().collection<Row>('stream_events');
        await indexed.ensureIndexes([{ fields: [['createdAt', 1]] }]);
        for (const document of rows) {
          await indexed.upsertIfNewer(document);
          await scanned.upsertIfNewer(document);
        }
        const filter = {
          ...(q.status ? { status: q.status } : {}),
          ...(q.createdAt !== undefined ? { createdAt: q.createdAt } : {}),
        };
        const find = {
          filter,
          sort: [['createdAt', q.direction]] as [string, 1 | -1][],
          skip: q.skip,
          limit: q.limit,
        };
        expect(await indexed.find(find)).toEqual(await scanned.find(find));
      }),
      { numRuns: 300 },
    );
  });
});
