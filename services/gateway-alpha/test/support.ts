import type { PaymentTerms } from '@gw/domain';
import { RatesService } from '@gw/pricing';
import { projectPayment, type PaymentDocument } from '@gw/views';

/** Catalogue prices: a snapshot without prices falls back to the curated ones. */
export const curatedRates = (): RatesService =>
  new RatesService({ source: 'test', takenAt: '2025-01-01T00:00:00.000Z', pricesUsd: {} });

export function termsOf(overrides: Partial<PaymentTerms> = {}): PaymentTerms {
  return {
    paymentId: 5_077_125_051,
    uuid: '8b03432e-0000-4000-8000-000000000001',
    trackId: '5077125051',
    merchantId: 'merchant-1',
    family: 'alpha',
    priceAmount: '100',
    priceCurrency: 'usd',
    payCurrency: 'usdttrc20',
    payNetwork: 'trx',
    payAmount: '99.980004',
    payDecimals: 6,
    payAddress: 'TXhfYSWt2oKRrHAJVJeYRuit6ZzKuoEKXr',
    payinExtraId: null,
    payWalletKeyId: null,
    payAddressIndex: null,
    testPayment: true,
    outcomeCurrency: 'usdttrc20',
    orderId: 'A-1',
    orderDescription: null,
    purchaseId: 1,
    invoiceId: null,
    callbackUrl: null,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: true,
    requiredConfirmations: 19,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    createdAt: '2025-01-02T03:04:05.678Z',
    expiresAt: '2025-01-02T04:04:05.678Z',
    alpha: {
      network: 'tron',
      discountPercent: 0,
      discount: '0',
      additionalData: 'note',
      subtractPercent: '0',
      toCurrency: null,
      isRefresh: false,
    },
    beta: null,
    parentPaymentId: null,
    ...overrides,
  };
}

export function paymentOf(
  overrides: Partial<PaymentTerms> = {},
  changes: Partial<PaymentDocument> = {},
): PaymentDocument {
  const document = projectPayment(null, { type: 'PaymentCreated', data: termsOf(overrides) }, 1);
  if (!document) throw new Error('PaymentCreated always projects');
  return { ...document, ...changes };
}
