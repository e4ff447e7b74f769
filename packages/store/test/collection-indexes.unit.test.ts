import { InMemoryReadModelStore, type QueryCost, type ReadModelDocument } from '../src';

/** Index entries looked up or written (hash entries, ordered entries): what a write costs the indexes. */
const mockTouched = { entries: 0 };
jest.mock('../src/embedded/value-map', () => {
  const actual = jest.requireActual('../src/embedded/value-map');
  class ValueMap<V> extends actual.ValueMap<V> {
    get(value: unknown): V | undefined {
      mockTouched.entries++;
      return super.get(value);
    }
    set(value: unknown, entry: V): void {
      mockTouched.entries++;
      super.set(value, entry);
    }
  }
  return { ValueMap };
});
jest.mock('../src/embedded/sorted-entries', () => {
  const actual = jest.requireActual('../src/embedded/sorted-entries');
  class SortedEntries extends actual.SortedEntries {
    insert(value: unknown, id: string): void {
      mockTouched.entries++;
      super.insert(value, id);
    }
  }
  return { SortedEntries };
});

interface Payment extends ReadModelDocument {
  paymentId: number;
  uuid: string;
  merchantId: string;
  orderId: string;
  payAddress: string;
  status: string;
  createdAt: string;
  expiresAt: string;
  tags?: string[];
}

const payment = (i: number): Payment => ({
  id: String(1_000_000 + i),
  version: 1,
  paymentId: 1_000_000 + i,
  uuid: `uuid-${i}`,
  merchantId: `m${i % 2}`,
  orderId: `order-${i}`,
  payAddress: `address-${(i * 7919) % 1000}`,
  status: 'waiting',
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  expiresAt: new Date(Date.UTC(2026, 0, 1) + i * 1000 + 3_600_000).toISOString(),
});

async function paymentsWithIndexes(store: InMemoryReadModelStore) {
  const payments = store.collection<Payment>('payments');
  await payments.ensureIndexes([
    { fields: [['paymentId', 1]], unique: true },
    { fields: [['uuid', 1]], unique: true },
    { fields: [['payAddress', 1]] },
    {
      fields: [
        ['merchantId', 1],
        ['createdAt', 1],
      ],
    },
    {
      fields: [
        ['status', 1],
        ['expiresAt', 1],
      ],
    },
    {
      fields: [
        ['merchantId', 1],
        ['orderId', 1],
      ],
      unique: true,
    },
  ]);
  return payments;
}

describe('the indexes of an in-memory collection', () => {
  it('keeps one structure per declared index: a write touches each once, with no hash index beside a unique or compound one', async () => {
    const store = new InMemoryReadModelStore();
    const payments = await paymentsWithIndexes(store);
    for (let i = 0; i < 1_000; i++) await payments.upsertIfNewer(payment(i));

    mockTouched.entries = 0;
    for (let i = 1_000; i < 1_100; i++) await payments.upsertIfNewer(payment(i));

    // Per write: paymentId, uuid and (merchantId, orderId) unique keys, each probed then set (6); the
    // (merchantId, orderId), (merchantId, createdAt) and (status, expiresAt) orders, each a bucket and
    // an entry (6); payAddress hashed, probed then set (2), not in order until a query sorts by it.
    // With a hash index on every leading field besides, and payAddress in order, it was 21.
    expect(mockTouched.entries).toBe(100 * 14);
  });

  it('puts a single-field index in order once a query sorts by its field, and keeps it so', async () => {
    const store = new InMemoryReadModelStore();
    const payments = await paymentsWithIndexes(store);
    for (let i = 0; i < 1_000; i++) await payments.upsertIfNewer(payment(i));
    const inOrder = async () =>
      (
        await payments.find({
          filter: { payAddress: { $gte: 'address-990' } },
          sort: [['payAddress', 1]],
        })
      ).map((row) => [row.payAddress, row.paymentId]);
    const costs: QueryCost[] = [];
    store.guardQueries({ budget: 0, observe: (cost) => costs.push(cost) });

    mockTouched.entries = 0;
    const first = await inOrder();
    // The order is built from the stored documents: one entry each, then read from the range's start.
    expect(mockTouched.entries).toBe(1_000);
    expect(first).toEqual(
      Array.from({ length: 1_000 }, (_, i) => payment(i))
        .filter((row) => row.payAddress >= 'address-990')
        .sort((a, b) =>
          a.payAddress < b.payAddress ? -1 : a.payAddress > b.payAddress ? 1 : a.id < b.id ? -1 : 1,
        )
        .map((row) => [row.payAddress, row.paymentId]),
    );

    mockTouched.entries = 0;
    await payments.upsertIfNewer({ ...payment(1_000), payAddress: 'address-995' });
    expect(mockTouched.entries).toBe(15);
    const second = await inOrder();
    expect(second).toHaveLength(first.length + 1);
    expect(second.filter(([address]) => address === 'address-995').at(-1)).toEqual([
      'address-995',
      1_001_000,
    ]);
    expect(costs.map((cost) => [cost.examined - cost.returned, cost.scan])).toEqual([
      [0, false],
      [0, false],
    ]);
  });

  it('answers equalities on a unique field and on a compound index’s leading field from those indexes', async () => {
    const store = new InMemoryReadModelStore();
    const payments = await paymentsWithIndexes(store);
    for (let i = 0; i < 1_000; i++) await payments.upsertIfNewer(payment(i));
    // A payment moves from one status bucket to another and from one merchant to the other.
    await payments.upsertIfNewer({ ...payment(10), version: 2, status: 'paid', merchantId: 'm1' });
    const costs: QueryCost[] = [];
    store.guardQueries({ budget: 0, observe: (cost) => costs.push(cost) });

    expect(await payments.findOne({ paymentId: 1_000_007 })).toMatchObject({ uuid: 'uuid-7' });
    expect(await payments.findOne({ uuid: { $in: ['uuid-8', 'nobody'] } })).toMatchObject({
      paymentId: 1_000_008,
    });
    expect(await payments.count({ merchantId: 'm1' })).toBe(501);
    expect(await payments.count({ status: 'paid' })).toBe(1);
    expect(await payments.count({ paymentId: 1_000_010 })).toBe(1);
    const paid = await payments.find({ filter: { status: { $in: ['paid', 'refunded'] }, merchantId: 'm1' } });
    expect(paid.map((row) => row.paymentId)).toEqual([1_000_010]);
    const waiting = await payments.find({ filter: { merchantId: 'm0', status: 'waiting' }, limit: 3 });
    expect(waiting.map((row) => row.paymentId)).toEqual([1_000_000, 1_000_002, 1_000_004]);

    expect(costs.map((cost) => [cost.examined, cost.scan])).toEqual([
      [1, false],
      [1, false],
      [1, false],
      [499, false],
    ]);
  });

  it('still finds a document by an element of an array held in a unique field, reading every document', async () => {
    const store = new InMemoryReadModelStore();
    const payments = store.collection<Payment>('tagged');
    await payments.ensureIndexes([{ fields: [['tags', 1]], unique: true }]);
    await payments.upsertIfNewer({ ...payment(1), tags: ['a', 'b'] });
    await payments.upsertIfNewer({ ...payment(2), tags: ['c'] });

    expect((await payments.find({ filter: { tags: 'b' } })).map((row) => row.paymentId)).toEqual([1_000_001]);
    expect(await payments.count({ tags: 'c' })).toBe(1);
  });
});
