import { InMemoryReadModelStore, type ReadModelDocument } from '../src';

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
});
