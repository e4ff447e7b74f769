import { samplePaymentTerms } from '@gw/domain/testing';
import type { PaymentStatus, PaymentTerms } from '@gw/domain';
import { InMemoryReadModelStore } from '@gw/store';
import { COLLECTIONS, projectPayment, type PaymentDocument } from '@gw/views';
import { watchedPayments } from '../src/watchers/watched-payments';

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
});
