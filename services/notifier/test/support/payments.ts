import type { StoredEvent } from '@gw/store';
import type { Family, PaymentEvent, PaymentTerms } from '@gw/domain';
import {
  SAMPLE_CREATED_AT,
  paidLifecycle as sharedLifecycle,
  samplePaymentTerms,
} from '@gw/domain/testing';
import type { CurrencyFacts } from '@gw/families';

export const CREATED_AT = SAMPLE_CREATED_AT;

/** The notifier's sample payment: an order description that exercises the payload encoders. */
export function paymentTerms(overrides: Partial<PaymentTerms> = {}): PaymentTerms {
  return samplePaymentTerms({ payAmount: '0.0015', orderDescription: 'Café tickets / row 2', ...overrides });
}

/** A payment's whole life as stored events: created, paid in one deposit, confirmed, paid out. */
export function paidLifecycle(terms: PaymentTerms): PaymentEvent[] {
  return sharedLifecycle(terms, { txHash: 'tx-1', payoutHash: 'payout-1' });
}

export function stored(streamId: string, events: PaymentEvent[], merchantId = 'merchant-1'): StoredEvent[] {
  return events.map((event, i) => ({
    eventId: `${streamId}-e${i + 1}`,
    type: event.type,
    occurredAt: CREATED_AT,
    merchantId,
    data: event.data as unknown as Record<string, unknown>,
    metadata: { correlationId: 'c', causationId: 'c' },
    streamId,
    version: i + 1,
  }));
}

/** Fixed prices: 1 BTC = 60,000 USD, 1 USD = 1 USD. */
export const fixedFacts: CurrencyFacts = {
  usdValue: (amount, currency) => (currency === 'btc' ? String(Number(amount) * 60000) : amount),
  describe: (code) =>
    code === 'btc'
      ? { ticker: 'BTC', networkName: 'Bitcoin' }
      : { ticker: code.toUpperCase(), networkName: code },
};

/** Money that comes after the payment was done; V1 opens a repeated payment for it. */
export const lateDeposit = (family: Family): PaymentEvent => ({
  type: 'LateDepositReceived',
  data: {
    txHash: 'tx-late',
    amount: '0.0015',
    fromAddress: 'bc1qlate',
    confirmations: 0,
    detectedAt: '2026-01-02T10:00:00.000Z',
    paymentStatus: 'finished',
    repeatedPayment:
      family === 'v1' ? { paymentId: 5077999001, uuid: '8b03432e-0000-4000-8000-0000000000c1' } : null,
  },
});
