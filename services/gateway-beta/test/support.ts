import type { PaymentTerms } from '@gw/domain';
import { RatesService } from '@gw/pricing';
import { projectPayment, type MerchantDocument, type PaymentDocument } from '@gw/views';

/** Catalogue prices: a snapshot without prices falls back to the curated ones. */
export const curatedRates = (): RatesService =>
  new RatesService({ source: 'test', takenAt: '2025-01-01T00:00:00.000Z', pricesUsd: {} });

export function merchantOf(enabledCoins: string[] | null = null): MerchantDocument {
  return { merchantId: 'merchant-1', enabledCoins } as MerchantDocument;
}

export function paymentOf(
  terms: Partial<PaymentTerms> = {},
  changes: Partial<PaymentDocument> = {},
): PaymentDocument {
  const document = projectPayment(
    null,
    {
      type: 'PaymentCreated',
      data: {
        paymentId: 5_077_125_051,
        uuid: '8b03432e-0000-4000-8000-000000000001',
        trackId: '5077125051',
        merchantId: 'merchant-1',
        family: 'beta',
        priceAmount: '10.5',
        priceCurrency: 'usd',
        payCurrency: 'usdttrc20',
        payNetwork: 'trx',
        payAmount: '10.497901',
        payDecimals: 6,
        payAddress: 'TXhfYSWt2oKRrHAJVJeYRuit6ZzKuoEKXr',
        payinExtraId: null,
        payWalletKeyId: null,
        payAddressIndex: null,
        testPayment: true,
        outcomeCurrency: 'usdttrc20',
        orderId: null,
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
        alpha: null,
        beta: null,
        parentPaymentId: null,
        ...terms,
      },
    },
    1,
  );
  if (!document) throw new Error('PaymentCreated always projects');
  return { ...document, ...changes };
}
