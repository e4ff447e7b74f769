import type { InvoiceTerms } from '../invoice/invoice';

/** A V1 invoice of 1,000 USD with the buyer choosing the coin, for tests; any field can be overridden. */
export function sampleInvoiceTerms(overrides: Partial<InvoiceTerms> = {}): InvoiceTerms {
  return {
    invoiceId: '6f1d6a43-5a0c-4f5e-8f62-2b3c4d5e6f70',
    tokenId: 'kxGYGsUqNw',
    merchantId: 'merchant-1',
    priceAmount: '1000',
    priceCurrency: 'usd',
    payCurrency: null,
    orderId: null,
    orderDescription: null,
    ipnCallbackUrl: null,
    successUrl: null,
    cancelUrl: null,
    partiallyPaidUrl: null,
    customerEmail: null,
    payoutCurrency: null,
    isFixedRate: false,
    isFeePaidByUser: false,
    source: null,
    collectUserData: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
