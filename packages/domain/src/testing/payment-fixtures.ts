import type { PaymentEvent, PaymentTerms } from '../payment/payment';

/** When the sample payments of tests are created. */
export const SAMPLE_CREATED_AT = '2026-01-01T10:00:00.000Z';

/** A V1 bitcoin payment of 100 USD, for tests; any field can be overridden. */
export function samplePaymentTerms(overrides: Partial<PaymentTerms> = {}): PaymentTerms {
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
    payAmount: '0.00150000',
    payDecimals: 8,
    payAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    payinExtraId: null,
    payWalletKeyId: null,
    payAddressIndex: null,
    testPayment: true,
    outcomeCurrency: 'btc',
    orderId: 'A-1',
    orderDescription: 'Two tickets',
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
    createdAt: SAMPLE_CREATED_AT,
    expiresAt: '2026-01-02T10:00:00.000Z',
    alpha: null,
    beta: null,
    parentPaymentId: null,
    ...overrides,
  };
}

/** A payment's whole life as stored events: created, paid in one deposit, confirmed, paid out (seven events). */
export function paidLifecycle(
  terms: PaymentTerms,
  hashes: { txHash: string; payoutHash: string } = {
    txHash: `tx-${terms.paymentId}`,
    payoutHash: `payout-${terms.paymentId}`,
  },
): PaymentEvent[] {
  return [
    { type: 'PaymentCreated', data: terms },
    {
      type: 'DepositDetected',
      data: {
        txHash: hashes.txHash,
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
      data: { txHash: hashes.txHash, confirmations: 2, updatedAt: '2026-01-01T10:20:00.000Z' },
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
      data: { payoutHash: hashes.payoutHash, outcomeAmount: '0.001485', at: '2026-01-01T10:22:00.000Z' },
    },
  ];
}
