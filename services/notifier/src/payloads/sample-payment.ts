import { randomUUID } from 'node:crypto';
import type { ExistingPayment, Family, PaymentStatus } from '@gw/domain';

export interface SampleRequest {
  family: Family;
  merchantId: string;
  status: PaymentStatus;
  url: string;
  now: Date;
  payCurrency?: string;
  payNetwork?: string;
  uuid?: string;
  orderId?: string;
}

const SAMPLE_PAYMENT_ID = 5_000_000_000;

/**
 * A made-up payment for test webhooks, shaped like a real one in the requested status, so a merchant
 * exercises exactly the code path (payload builder and signature) live webhooks take.
 */
export function samplePayment(request: SampleRequest): ExistingPayment {
  const createdAt = new Date(request.now.getTime() - 15 * 60_000).toISOString();
  const at = request.now.toISOString();
  const paid = !['waiting', 'expired'].includes(request.status);
  const payAmount = '0.0015';
  const actuallyPaid = request.status === 'partially_paid' ? '0.001' : paid ? payAmount : '0';
  const paidOut = ['finished', 'refunded'].includes(request.status) || request.status === 'sending';
  const payCurrency = request.payCurrency ?? 'btc';
  return {
    status: request.status,
    payAmount,
    expiresAt: new Date(request.now.getTime() + 60 * 60_000).toISOString(),
    actuallyPaid,
    deposits: paid
      ? [
          {
            txHash: 'sample-tx-hash',
            amount: actuallyPaid,
            fromAddress: 'sample-sender-address',
            confirmations: 6,
            detectedAt: at,
          },
        ]
      : [],
    lateDeposits: [],
    droppedDeposits: [],
    priorDeposits: [],
    outcomeAmount: paidOut ? '0.001485' : '0',
    payoutHash: request.status === 'finished' ? 'sample-payout-hash' : null,
    updatedAt: at,
    depositsObservedAt: paid ? at : null,
    terms: {
      paymentId: SAMPLE_PAYMENT_ID,
      uuid: request.uuid ?? randomUUID(),
      trackId: String(SAMPLE_PAYMENT_ID),
      merchantId: request.merchantId,
      family: request.family,
      priceAmount: '100',
      priceCurrency: 'usd',
      payCurrency,
      payNetwork: request.payNetwork ?? payCurrency,
      payAmount,
      payDecimals: 8,
      payAddress: 'sample-pay-address',
      payinExtraId: null,
      payWalletKeyId: null,
      payAddressIndex: null,
      testPayment: true,
      outcomeCurrency: payCurrency,
      orderId: request.orderId ?? 'test-webhook',
      orderDescription: 'Test webhook',
      purchaseId: SAMPLE_PAYMENT_ID,
      invoiceId: null,
      callbackUrl: request.url,
      redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
      underpaidTolerancePercent: '0',
      isPaymentMultiple: true,
      requiredConfirmations: 2,
      isFixedRate: false,
      isFeePaidByUser: false,
      sandboxCase: null,
      createdAt,
      expiresAt: new Date(request.now.getTime() + 60 * 60_000).toISOString(),
      alpha: null,
      beta: null,
      parentPaymentId: null,
    },
  };
}
