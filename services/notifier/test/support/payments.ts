import type { StoredEvent } from '@gw/store';
import type { PaymentEvent, PaymentTerms } from '@gw/domain';
import type { CurrencyFacts } from '../../src/payloads/currency-facts';

export const CREATED_AT = '2026-01-01T10:00:00.000Z';

export function paymentTerms(overrides: Partial<PaymentTerms> = {}): PaymentTerms {
  return {
    paymentId: 5077125051,
    uuid: '8b03432e-0000-4000-8000-000000000001',
    trackId: '5077125051',
    merchantId: 'merchant-1',
    family: 'v1',
    priceAmount: '100',
    priceCurrency: 'usd',
    payCurrency: 'btc',
    payNetwork: 'btc',
    payAmount: '0.0015',
    payDecimals: 8,
    payAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    payinExtraId: null,
    outcomeCurrency: 'btc',
    orderId: 'A-1',
    orderDescription: 'Café tickets / row 2',
    purchaseId: 4522411231,
    invoiceId: null,
    callbackUrl: 'https://shop.example/ipn',
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: true,
    requiredConfirmations: 2,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    createdAt: CREATED_AT,
    expiresAt: '2026-01-02T10:00:00.000Z',
    alpha: null,
    beta: null,
    ...overrides,
  };
}

/** A payment's whole life as stored events: created, paid in one deposit, confirmed, paid out. */
export function paidLifecycle(terms: PaymentTerms): PaymentEvent[] {
  return [
    { type: 'PaymentCreated', data: terms },
    {
      type: 'DepositDetected',
      data: {
        txHash: 'tx-1',
        amount: terms.payAmount,
        fromAddress: 'bc1qsender',
        confirmations: 0,
        detectedAt: '2026-01-01T10:05:00.000Z',
        actuallyPaid: terms.payAmount,
      },
    },
    { type: 'PaymentConfirming', data: { actuallyPaid: terms.payAmount, at: '2026-01-01T10:05:00.000Z' } },
    {
      type: 'DepositConfirmationsUpdated',
      data: { txHash: 'tx-1', confirmations: 2, updatedAt: '2026-01-01T10:20:00.000Z' },
    },
    { type: 'PaymentConfirmed', data: { actuallyPaid: terms.payAmount, at: '2026-01-01T10:20:00.000Z' } },
    {
      type: 'PayoutStarted',
      data: {
        outcomeAmount: '0.001485',
        outcomeCurrency: terms.outcomeCurrency,
        at: '2026-01-01T10:21:00.000Z',
      },
    },
    {
      type: 'PaymentFinished',
      data: { payoutHash: 'payout-1', outcomeAmount: '0.001485', at: '2026-01-01T10:22:00.000Z' },
    },
  ];
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
