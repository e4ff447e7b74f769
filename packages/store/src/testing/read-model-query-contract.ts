import type { Filter, FindQuery } from '../read-models';
import { idsOf, type PaymentView, type ReadModelHarness } from './read-model-fixture';
import type { ReadModelCollection } from '../read-models';

/** The filter subset, sorting with MongoDB's type order, paging and counting. */
export function describeQueryContract(h: ReadModelHarness): void {
  let payments: ReadModelCollection<PaymentView>;
  const find = async (query: Partial<FindQuery>) => idsOf(await payments.find({ filter: {}, ...query }));

  describe('queries', () => {
    beforeAll(async () => {
      payments = await h.seededPayments();
    });

    const filters: [string, Filter, string[]][] = [
      ['an empty filter matches everything', {}, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']],
      ['equality on a string', { merchantId: 'm1' }, ['p1', 'p2', 'p4', 'p6']],
      ['several conditions all hold', { merchantId: 'm1', status: 'waiting' }, ['p1', 'p6']],
      ['equality on a number does not match its string form', { amount: 10 }, ['p1']],
      ['equality on a string does not match a number', { amount: '7.5' }, ['p5']],
      ['no number equals a numeric string', { amount: 7.5 }, []],
      ['equality on a boolean', { paid: false }, ['p1']],
      ['equality on a dotted path', { 'customer.country': 'DE' }, ['p1', 'p4']],
      ['null matches null and missing fields', { orderId: null }, ['p1', 'p2', 'p3', 'p7']],
      [
        'null on a dotted path matches a missing parent too',
        { 'customer.email': null },
        ['p3', 'p4', 'p5', 'p6', 'p7'],
      ],
      ['$eq is equality', { status: { $eq: 'expired' } }, ['p4']],
      ['$ne excludes only equal values', { status: { $ne: 'waiting' } }, ['p2', 'p4', 'p5']],
      ['$ne matches missing fields', { payCurrency: { $ne: 'btc' } }, ['p2', 'p4', 'p5', 'p7']],
      ['$ne null matches present, non-null values', { orderId: { $ne: null } }, ['p4', 'p5', 'p6']],
      ['$gt compares numbers with numbers only', { amount: { $gt: 10 } }, ['p2', 'p4']],
      ['$gte includes the bound', { amount: { $gte: 10 } }, ['p1', 'p2', 'p4']],
      ['$lt skips strings and nulls', { amount: { $lt: 10 } }, ['p3']],
      ['$lte includes the bound', { amount: { $lte: 10 } }, ['p1', 'p3']],
      ['$gt with a string bound compares strings only', { amount: { $gt: '5' } }, ['p5']],
      ['a range with two bounds', { amount: { $gt: 5, $lt: 100 } }, ['p1', 'p2']],
      [
        'a range over ISO timestamps',
        { createdAt: { $gte: '2024-01-03T00:00:00Z', $lt: '2024-01-06T00:00:00Z' } },
        ['p3', 'p4', 'p5'],
      ],
      ['$in matches any listed value', { status: { $in: ['finished', 'expired'] } }, ['p2', 'p4']],
      [
        '$in with null matches missing fields',
        { orderId: { $in: ['o-4', null] } },
        ['p1', 'p2', 'p3', 'p4', 'p7'],
      ],
      ['$in on a dotted path', { 'customer.country': { $in: ['FR'] } }, ['p2']],
      ['an empty $in matches nothing', { status: { $in: [] } }, []],
      ['a range combined with equality', { merchantId: 'm1', amount: { $gte: 25 } }, ['p2', 'p4']],
    ];
    it.each(filters)('filter: %s', async (_name, filter, expected) => {
      expect(await find({ filter })).toEqual(expected);
      expect(await payments.count(filter)).toBe(expected.length);
    });

    const sorts: [string, FindQuery['sort'], string[]][] = [
      [
        'ascending: null and missing, then numbers, then strings',
        [['amount', 1]],
        ['p6', 'p7', 'p3', 'p1', 'p2', 'p4', 'p5'],
      ],
      [
        'descending: strings, numbers, then null and missing',
        [['amount', -1]],
        ['p5', 'p4', 'p2', 'p1', 'p3', 'p7', 'p6'],
      ],
      [
        'by several keys',
        [
          ['merchantId', 1],
          ['createdAt', -1],
        ],
        ['p6', 'p4', 'p2', 'p1', 'p5', 'p3', 'p7'],
      ],
      ['ties broken by ascending id', [['status', 1]], ['p4', 'p2', 'p5', 'p1', 'p3', 'p6', 'p7']],
      [
        'ties broken by id in the direction of the last key',
        [['status', -1]],
        ['p7', 'p6', 'p3', 'p1', 'p5', 'p2', 'p4'],
      ],
      [
        'on a dotted path, missing first',
        [['customer.country', 1]],
        ['p3', 'p5', 'p6', 'p7', 'p1', 'p4', 'p2'],
      ],
      ['none: by ascending id', undefined, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']],
    ];
    it.each(sorts)('sort: %s', async (_name, sort, expected) => {
      expect(await find({ sort })).toEqual(expected);
    });

    const byCreatedAt: FindQuery['sort'] = [['createdAt', 1]];
    it('pages with skip and limit', async () => {
      expect(await find({ sort: byCreatedAt, skip: 2, limit: 2 })).toEqual(['p3', 'p4']);
      expect(await find({ sort: byCreatedAt, skip: 6 })).toEqual(['p7']);
      expect(await find({ sort: byCreatedAt, skip: 6, limit: 5 })).toEqual(['p7']);
    });

    it('returns nothing past the end or with limit 0', async () => {
      expect(await find({ skip: 7 })).toEqual([]);
      expect(await find({ skip: 100, limit: 10 })).toEqual([]);
      expect(await find({ limit: 0 })).toEqual([]);
    });

    it('returns everything when the limit exceeds the matches', async () => {
      expect(await find({ filter: { merchantId: 'm2' }, limit: 100 })).toEqual(['p3', 'p5']);
    });

    it('covers every document exactly once when paging through', async () => {
      const pages: string[] = [];
      for (let skip = 0; skip < 9; skip += 3)
        pages.push(...(await find({ sort: [['amount', -1]], skip, limit: 3 })));
      expect(pages).toEqual(['p5', 'p4', 'p2', 'p1', 'p3', 'p7', 'p6']);
    });

    it('applies skip and limit after filtering and sorting', async () => {
      expect(await find({ filter: { merchantId: 'm1' }, sort: byCreatedAt, skip: 1, limit: 2 })).toEqual([
        'p2',
        'p4',
      ]);
    });

    it('refuses operators outside the subset and field names MongoDB would read as operators', async () => {
      await expect(find({ filter: { orderId: { $regex: 'o-' } as never } })).rejects.toThrow(/unsupported/);
      await expect(find({ filter: { $where: 'true' } })).rejects.toThrow(/unsupported/);
      await expect(payments.count({ $expr: 'true' })).rejects.toThrow(/unsupported/);
    });

    it('finds one matching document, or null', async () => {
      expect((await payments.findOne({ orderId: 'o-5' }))?.id).toBe('p5');
      expect(await payments.findOne({ orderId: 'o-404' })).toBeNull();
    });
  });
}
