import type { CommandMetadata } from '../src/messages';
import type { PaymentTerms } from '../src/payment/payment';

export const CREATED_AT = '2026-01-01T10:00:00.000Z';

export const meta = (now = '2026-01-01T10:05:00.000Z'): CommandMetadata => ({
  now,
  correlationId: 'corr-1',
  causationId: 'cause-1',
});

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
    payAmount: '0.00150000',
    payDecimals: 8,
    payAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    payinExtraId: null,
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
    createdAt: CREATED_AT,
    expiresAt: '2026-01-02T10:00:00.000Z',
    alpha: null,
    beta: null,
    ...overrides,
  };
}
