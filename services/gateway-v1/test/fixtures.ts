import type { InvoiceTerms, PaymentTerms } from '@gw/domain';
import { sampleInvoiceTerms, samplePaymentTerms } from '@gw/domain/testing';
import type { MerchantDocument, PaymentDocument } from '@gw/views';

/** The shared sample payment with the values these tests' expected records were written for. */
export function paymentTerms(overrides: Partial<PaymentTerms> = {}): PaymentTerms {
  return samplePaymentTerms({
    uuid: '0b8a2f7e-4a8e-4c1e-9d55-2a1f0f1d3c11',
    priceAmount: '100.5',
    payAmount: '0.00110137',
    orderDescription: 'Two apples',
    purchaseId: 4444444444,
    createdAt: '2025-03-01T10:00:00.000Z',
    expiresAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  });
}

export function paymentDocument(overrides: Partial<PaymentDocument> = {}): PaymentDocument {
  const t = paymentTerms();
  return {
    id: String(t.paymentId),
    version: 6,
    paymentId: t.paymentId,
    uuid: t.uuid,
    trackId: t.trackId,
    merchantId: t.merchantId,
    family: t.family,
    status: 'finished',
    priceAmount: t.priceAmount,
    priceAmountValue: 100.5,
    priceCurrency: t.priceCurrency,
    payCurrency: t.payCurrency,
    payNetwork: t.payNetwork,
    payAmount: t.payAmount,
    payAmountValue: 0.00110137,
    payDecimals: 8,
    actuallyPaid: '0.00110137',
    actuallyPaidValue: 0.00110137,
    outcomeAmount: '0.00109586',
    outcomeAmountValue: 0.00109586,
    outcomeCurrency: 'btc',
    payAddress: t.payAddress,
    payinExtraId: null,
    payWalletKeyId: null,
    payAddressIndex: null,
    testPayment: true,
    payinHash: 'a'.repeat(64),
    payoutHash: 'b'.repeat(64),
    fromAddress: null,
    confirmations: 2,
    requiredConfirmations: 2,
    orderId: t.orderId,
    orderDescription: t.orderDescription,
    purchaseId: t.purchaseId,
    invoiceId: '6f1d6a43-5a0c-4f5e-8f62-2b3c4d5e6f70',
    callbackUrl: t.callbackUrl,
    redirectUrls: t.redirectUrls,
    underpaidTolerancePercent: '0',
    isPaymentMultiple: true,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    alpha: null,
    beta: null,
    createdAt: t.createdAt,
    updatedAt: '2025-03-01T10:20:00.000Z',
    expiresAt: t.expiresAt,
    paidAt: '2025-03-01T10:10:00.000Z',
    parentPaymentId: null,
    deposits: [],
    lateDeposits: [],
    ...overrides,
  };
}

export function invoiceTerms(overrides: Partial<InvoiceTerms> = {}): InvoiceTerms {
  return sampleInvoiceTerms({
    successUrl: 'https://shop.example/thanks',
    cancelUrl: 'https://shop.example/cancel',
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  });
}

export function merchantDocument(overrides: Partial<MerchantDocument> = {}): MerchantDocument {
  return {
    id: 'merchant-1',
    version: 1,
    merchantId: 'merchant-1',
    name: 'Shop',
    email: null,
    enabledCoins: null,
    outcomeCurrency: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    apiKeyHash: 'hash',
    betaApiKeyHash: 'beta-hash',
    betaApiKeyCipher: 'cipher',
    paymentKeyCipher: 'cipher',
    ipnSecretCipher: 'cipher',
    ...overrides,
  };
}
