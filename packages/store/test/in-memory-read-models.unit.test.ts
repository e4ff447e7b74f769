import { InMemoryReadModelStore, UnindexedQueryError, type QueryCost, type ReadModelDocument } from '../src';

/** How many documents the collection compared with a filter: what an index saves is scanning. */
const mockExamined = { documents: 0 };
jest.mock('../src/embedded/filter-match', () => {
  const actual = jest.requireActual('../src/embedded/filter-match');
  return {
    ...actual,
    matches: (...args: Parameters<typeof actual.matches>) => {
      mockExamined.documents++;
      return actual.matches(...args);
    },
  };
});

interface PaymentRow extends ReadModelDocument {
  merchantId: string;
  status: string;
  createdAt: string;
}

describe('InMemoryReadModelStore specifics', () => {
  it('rejects an operator outside the supported filter subset', async () => {
    const payments = new InMemoryReadModelStore().collection<PaymentRow>('payments');

    await expect(payments.find({ filter: { status: { $regex: 'wait' } as never } })).rejects.toThrow(
      /unsupported operator \$regex on status/,
    );
  });

  it('knows a stored version without a query: 0 for none, the latest write after', async () => {
    const payments = new InMemoryReadModelStore().collection<PaymentRow>('payments');
    const row = { id: 'p-1', merchantId: 'm-1', status: 'waiting', createdAt: '2026-01-01T00:00:00.000Z' };

    expect(payments.versionKnown?.('p-1')).toBe(0);
    await payments.upsertIfNewer({ ...row, version: 2 });
    await payments.upsertIfNewer({ ...row, version: 1, status: 'expired' });
    expect(payments.versionKnown?.('p-1')).toBe(2);
    await payments.deleteAll();
    expect(payments.versionKnown?.('p-1')).toBe(0);
  });

  it('rejects a negative skip or a fractional limit', async () => {
    const payments = new InMemoryReadModelStore().collection<PaymentRow>('payments');

    await expect(payments.find({ filter: {}, skip: -1 })).rejects.toThrow(RangeError);
    await expect(payments.find({ filter: {}, limit: 2.5 })).rejects.toThrow(RangeError);
  });

  it('serves a merchant’s documents from the index without scanning 100k documents', async () => {
    const payments = new InMemoryReadModelStore().collection<PaymentRow>('payments');
    await payments.ensureIndexes([
      {
        fields: [
          ['merchantId', 1],
          ['createdAt', -1],
        ],
      },
    ]);
    const merchants = 1_000;
    for (let i = 0; i < 100_000; i++) {
      await payments.upsertIfNewer({
        id: `payment-${String(i).padStart(6, '0')}`,
        version: 1,
        merchantId: `merchant-${i % merchants}`,
        status: i % 3 === 0 ? 'finished' : 'waiting',
        createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
      });
    }

    mockExamined.documents = 0;
    for (let query = 0; query < 500; query++) {
      const page = await payments.find({
        filter: { merchantId: `merchant-${query % merchants}`, status: 'waiting' },
        sort: [['createdAt', -1]],
        limit: 20,
      });
      expect(page.length).toBeGreaterThan(0);
    }

    // Each merchant has 100 documents; a scan would compare all 100,000 for every query.
    expect(mockExamined.documents).toBeLessThanOrEqual(500 * 100);
    expect(await payments.count({ merchantId: 'merchant-7' })).toBe(100);
  }, 30_000);

  describe('queries a create issues, at any number of stored documents', () => {
    interface Order extends ReadModelDocument {
      merchantId: string;
      paymentId: number;
      orderId: string;
      family: string;
      status: string;
      expiresAt: string;
    }
    const stored = 5_000;
    const store = new InMemoryReadModelStore();
    const payments = store.collection<Order>('payments');
    const costs: QueryCost[] = [];

    beforeAll(async () => {
      await payments.ensureIndexes([
        {
          fields: [
            ['merchantId', 1],
            ['paymentId', 1],
          ],
        },
        {
          fields: [
            ['merchantId', 1],
            ['orderId', 1],
          ],
        },
        {
          fields: [
            ['status', 1],
            ['expiresAt', 1],
          ],
        },
      ]);
      for (let i = 0; i < stored; i++) {
        await payments.upsertIfNewer({
          id: `payment-${i}`,
          version: 1,
          merchantId: 'merchant-1',
          paymentId: 1_000_000 + i,
          orderId: `order-${i % 2_500}`,
          family: i % 5 === 0 ? 'v1' : 'alpha',
          status: 'waiting',
          expiresAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        });
      }
      store.guardQueries({ budget: 2, observe: (cost) => costs.push(cost) });
    });

    beforeEach(() => {
      costs.length = 0;
    });

    it('finds the newest payment of an order from the (merchantId, orderId) index, not by walking the merchant’s payments in paymentId order', async () => {
      const [newest] = await payments.find({
        filter: { merchantId: 'merchant-1', orderId: 'order-7', family: 'alpha' },
        sort: [['paymentId', -1]],
        limit: 1,
      });
      const [none] = await payments.find({
        filter: { merchantId: 'merchant-1', orderId: 'new-order', family: 'alpha' },
        sort: [['paymentId', -1]],
        limit: 1,
      });

      expect(newest?.paymentId).toBe(1_000_000 + 2_507);
      expect(none).toBeUndefined();
      expect(costs.map((cost) => cost.examined)).toEqual([2, 0]);
    });

    it('stops an ascending walk at its upper bound: the expiry scan reads the payments due, not every waiting one', async () => {
      const due = await payments.find({
        filter: { status: 'waiting', expiresAt: { $lte: '2026-01-01T00:09:00.000Z' } },
        sort: [['expiresAt', 1]],
        limit: 100,
      });
      const latest = await payments.find({
        filter: { status: 'waiting', expiresAt: { $gt: '2026-01-04T11:10:00.000Z' } },
        sort: [['expiresAt', -1]],
        limit: 100,
      });

      expect(due.map((payment) => payment.paymentId)).toEqual(
        Array.from({ length: 10 }, (_, i) => 1_000_000 + i),
      );
      expect(latest).toHaveLength(9);
      expect(costs.map((cost) => cost.examined)).toEqual([10, 9]);
    });

    it('walks a single-field index from the start of a range: the events since an instant, not every event', async () => {
      const events = store.collection<{ id: string; version: number; occurredAt: string }>('stream_events');
      await events.ensureIndexes([{ fields: [['occurredAt', 1]] }]);
      for (let i = 0; i < 5_000; i++) {
        await events.upsertIfNewer({
          id: `payment-${i}@1`,
          version: 1,
          occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        });
      }
      costs.length = 0;

      const since = await events.find({
        filter: { occurredAt: { $gte: new Date(Date.UTC(2026, 0, 1) + 4_990 * 60_000).toISOString() } },
        sort: [['occurredAt', 1]],
      });

      expect(since.map((event) => event.id)).toEqual(
        Array.from({ length: 10 }, (_, i) => `payment-${4_990 + i}@1`),
      );
      expect(costs.map((cost) => [cost.examined, cost.scan])).toEqual([[10, false]]);
    });

    it('refuses, under a budget, a query that reads documents no index pinned', async () => {
      await expect(payments.findOne({ family: 'v1' })).rejects.toThrow(
        /payments: \{"filter":\{"family":"v1"\},"limit":1\} examined 5000 documents to answer with 1/,
      );
      expect(costs.at(-1)).toMatchObject({ examined: stored, returned: 1 });
      await expect(payments.findOne({ merchantId: 'merchant-1', orderId: 'order-3' })).resolves.toMatchObject(
        {
          orderId: 'order-3',
        },
      );

      await expect(
        payments.find({
          filter: { merchantId: 'merchant-1', family: 'nobody' },
          sort: [['paymentId', -1]],
          limit: 1,
        }),
      ).rejects.toThrow(UnindexedQueryError);
    });
  });
});
