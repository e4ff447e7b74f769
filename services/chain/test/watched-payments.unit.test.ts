import { samplePaymentTerms } from '@gw/domain/testing';
import type { PaymentStatus, PaymentTerms } from '@gw/domain';
import { InMemoryReadModelStore, wasted, type QueryCost } from '@gw/store';
import { COLLECTIONS, INDEXES, projectPayment, type PaymentDocument } from '@gw/views';
import {
  flaggedRefunds,
  watchedPayments,
  watchedPaymentsCreatedIn,
  watchedRefunds,
} from '../src/watchers/watched-payments';

const NOW = new Date('2026-01-05T10:00:00.000Z');

function paymentDocument(terms: Partial<PaymentTerms>, status: PaymentStatus): PaymentDocument {
  const doc = projectPayment(null, { type: 'PaymentCreated', data: samplePaymentTerms(terms) }, 1)!;
  return { ...doc, status };
}

describe('the payments a chain watcher watches', () => {
  it('includes every status, so money sent to a done payment is recorded late, never ignored', async () => {
    const readModels = new InMemoryReadModelStore();
    const payments = readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    const recent = { expiresAt: '2026-01-04T10:00:00.000Z' };
    const statuses: PaymentStatus[] = ['waiting', 'confirming', 'finished', 'failed', 'expired', 'refunded'];
    for (const [i, status] of statuses.entries()) {
      await payments.upsertIfNewer(
        paymentDocument({ ...recent, paymentId: 100 + i, payAddress: `bc1q${i}` }, status),
      );
    }
    await payments.upsertIfNewer(
      paymentDocument({ ...recent, paymentId: 200, payAddress: 'bc1q2', parentPaymentId: 102 }, 'confirming'),
    );
    await payments.upsertIfNewer(
      paymentDocument(
        { paymentId: 300, payAddress: 'bc1qold', expiresAt: '2025-12-01T10:00:00.000Z' },
        'expired',
      ),
    );
    await payments.upsertIfNewer(
      paymentDocument({ ...recent, paymentId: 400, payAddress: 'ltc1q', payNetwork: 'ltc' }, 'waiting'),
    );

    const watched = await watchedPayments(readModels, 'btc', NOW);
    expect(watched.map((p) => p.paymentId).sort()).toEqual([100, 101, 102, 103, 104, 105]);
    expect(watched.find((p) => p.payAddress === 'bc1q2')?.paymentId).toBe(102);
  });

  it('reads only the payments of its network still in the window, through an index', async () => {
    const readModels = new InMemoryReadModelStore();
    const payments = readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    await payments.ensureIndexes(INDEXES.payments);
    const store = (doc: PaymentDocument) =>
      payments.upsertIfNewer({ ...doc, uuid: `uuid-${doc.paymentId}`, trackId: `${doc.paymentId}` });
    // History that only grows: payments long past the window, and another network's.
    for (let i = 0; i < 40; i++) {
      await store(
        paymentDocument(
          { paymentId: 1000 + i, payAddress: `bc1qold${i}`, expiresAt: '2025-11-01T10:00:00.000Z' },
          'expired',
        ),
      );
      await store(
        paymentDocument(
          {
            paymentId: 2000 + i,
            payAddress: `ltc1q${i}`,
            payNetwork: 'ltc',
            expiresAt: '2026-01-05T11:00:00.000Z',
          },
          'waiting',
        ),
      );
    }
    for (const [i, expiresAt] of ['2026-01-04T10:00:00.000Z', '2026-01-05T11:00:00.000Z'].entries()) {
      await store(paymentDocument({ paymentId: 100 + i, payAddress: `bc1q${i}`, expiresAt }, 'waiting'));
    }
    const costs: QueryCost[] = [];
    readModels.guardQueries({ budget: 0, observe: (cost) => costs.push(cost) });

    const watched = await watchedPayments(readModels, 'btc', NOW);

    expect(watched.map((p) => p.paymentId)).toEqual([100, 101]);
    expect(costs.map((cost) => ({ examined: cost.examined, wasted: wasted(cost) }))).toEqual([
      { examined: 2, wasted: 0 },
    ]);
  });
});

describe('the new payments a chain watcher reads between its full loads', () => {
  it('reads the payments of its network created in one minute, through an index', async () => {
    const readModels = new InMemoryReadModelStore();
    const payments = readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    await payments.ensureIndexes(INDEXES.payments);
    const store = (terms: Partial<PaymentTerms>) =>
      payments.upsertIfNewer({
        ...paymentDocument(terms, 'waiting'),
        uuid: `uuid-${terms.paymentId}`,
        trackId: `${terms.paymentId}`,
      });
    for (let i = 0; i < 40; i++) {
      await store({
        paymentId: 1000 + i,
        payAddress: `bc1qearlier${i}`,
        createdAt: '2026-01-05T09:58:30.000Z',
      });
      await store({
        paymentId: 2000 + i,
        payAddress: `ltc1q${i}`,
        payNetwork: 'ltc',
        createdAt: '2026-01-05T09:59:10.000Z',
      });
    }
    await store({ paymentId: 100, payAddress: 'bc1q100', createdAt: '2026-01-05T09:59:00.000Z' });
    await store({ paymentId: 101, payAddress: 'bc1q101', createdAt: '2026-01-05T09:59:59.999Z' });
    const costs: QueryCost[] = [];
    readModels.guardQueries({ budget: 0, observe: (cost) => costs.push(cost) });

    const watched = await watchedPaymentsCreatedIn(readModels, 'btc', '2026-01-05T09:59');

    expect(watched.map((p) => p.paymentId).sort()).toEqual([100, 101]);
    expect(costs.map((cost) => ({ examined: cost.examined, wasted: wasted(cost) }))).toEqual([
      { examined: 2, wasted: 0 },
    ]);
  });
});

describe('the refunds a chain watcher watches', () => {
  const refundOf = (doc: PaymentDocument, refund: PaymentDocument['refund']): PaymentDocument => ({
    ...doc,
    uuid: `uuid-${doc.paymentId}`,
    trackId: `${doc.paymentId}`,
    refund,
    refundPending: (refund?.pendingSince ?? null) !== null,
  });
  const asked = (at: string) => ({
    address: 'bc1qbuyer',
    amount: '0.0015',
    requestedAt: at,
    refundHash: null,
    refundedAt: null,
    pendingSince: at,
  });

  it('reads the pending refunds of its network, oldest request first, whenever the payment was made, through an index', async () => {
    const readModels = new InMemoryReadModelStore();
    const payments = readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    await payments.ensureIndexes(INDEXES.payments);
    const old = { expiresAt: '2025-06-01T10:00:00.000Z' };
    // Payments without a refund, which pile up forever, are never read.
    for (let i = 0; i < 30; i++)
      await payments.upsertIfNewer(
        refundOf(paymentDocument({ ...old, paymentId: 1000 + i }, 'finished'), null),
      );
    await payments.upsertIfNewer(
      refundOf(paymentDocument({ ...old, paymentId: 10 }, 'finished'), asked('2026-01-03T10:00:00.000Z')),
    );
    await payments.upsertIfNewer(
      refundOf(
        paymentDocument({ ...old, paymentId: 11 }, 'partially_paid'),
        asked('2026-01-02T10:00:00.000Z'),
      ),
    );
    await payments.upsertIfNewer(
      refundOf(paymentDocument({ ...old, paymentId: 12 }, 'refunded'), {
        ...asked('2026-01-01T10:00:00.000Z'),
        refundHash: 'tx',
        refundedAt: '2026-01-01T12:00:00.000Z',
        pendingSince: null,
      }),
    );
    await payments.upsertIfNewer(
      refundOf(
        paymentDocument({ ...old, paymentId: 13, payNetwork: 'ltc' }, 'finished'),
        asked('2026-01-01T10:00:00.000Z'),
      ),
    );
    const costs: QueryCost[] = [];
    readModels.guardQueries({ budget: 0, observe: (cost) => costs.push(cost) });

    const refunds = await watchedRefunds(readModels, 'btc');

    expect(refunds.map((r) => [r.paymentId, r.refundAddress, r.amount])).toEqual([
      [11, 'bc1qbuyer', '0.0015'],
      [10, 'bc1qbuyer', '0.0015'],
    ]);
    expect(costs.map((cost) => ({ examined: cost.examined, wasted: wasted(cost) }))).toEqual([
      { examined: 2, wasted: 0 },
    ]);
  });

  it('between full loads, reads the pending refunds by their flag alone, through an index; documents from before the flag only by the range', async () => {
    const readModels = new InMemoryReadModelStore();
    const payments = readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    await payments.ensureIndexes(INDEXES.payments);
    for (let i = 0; i < 30; i++)
      await payments.upsertIfNewer(refundOf(paymentDocument({ paymentId: 1000 + i }, 'finished'), null));
    await payments.upsertIfNewer(
      refundOf(paymentDocument({ paymentId: 10 }, 'finished'), asked('2026-01-03T10:00:00.000Z')),
    );
    await payments.upsertIfNewer(
      refundOf(paymentDocument({ paymentId: 11 }, 'finished'), asked('2026-01-02T10:00:00.000Z')),
    );
    const { refundPending: _, ...unflagged } = refundOf(
      paymentDocument({ paymentId: 12 }, 'finished'),
      asked('2026-01-01T10:00:00.000Z'),
    );
    await payments.upsertIfNewer(unflagged);
    const costs: QueryCost[] = [];
    readModels.guardQueries({ budget: 0, observe: (cost) => costs.push(cost) });

    const flagged = await flaggedRefunds(readModels, 'btc');

    expect(flagged.map((r) => [r.paymentId, r.flagged])).toEqual([
      [11, true],
      [10, true],
    ]);
    expect(costs.map((cost) => ({ examined: cost.examined, wasted: wasted(cost) }))).toEqual([
      { examined: 2, wasted: 0 },
    ]);
    expect((await watchedRefunds(readModels, 'btc')).map((r) => [r.paymentId, r.flagged])).toEqual([
      [12, false],
      [11, true],
      [10, true],
    ]);
  });
});
