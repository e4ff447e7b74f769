import { randomUUID } from 'node:crypto';
import type { Family, PaymentStatus } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';

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
  /** A static wallet's top-up (family A type `wallet`): the wallet it names. */
  staticAddressId?: number;
}

const SAMPLE_PAYMENT_ID = 5_000_000_000;

/**
 * A made-up payment for test webhooks, shaped like a real one in the requested status, so a merchant
 * exercises exactly the code path (payload builder and signature) live webhooks take.
 */
export function samplePayment(request: SampleRequest): PaymentDocument {
  const createdAt = new Date(request.now.getTime() - 15 * 60_000).toISOString();
  const at = request.now.toISOString();
  const expiresAt = new Date(request.now.getTime() + 60 * 60_000).toISOString();
  const paid = !['waiting', 'expired'].includes(request.status);
  const payAmount = '0.0015';
  const actuallyPaid = request.status === 'partially_paid' ? '0.001' : paid ? payAmount : '0';
  const paidOut = ['finished', 'refunded'].includes(request.status) || request.status === 'sending';
  const outcomeAmount = paidOut ? '0.001485' : '0';
  const payCurrency = request.payCurrency ?? 'btc';
  const deposit = {
    txHash: 'sample-tx-hash',
    amount: actuallyPaid,
    fromAddress: 'sample-sender-address',
    confirmations: 6,
    detectedAt: at,
  };
  return {
    id: String(SAMPLE_PAYMENT_ID),
    version: 1,
    paymentId: SAMPLE_PAYMENT_ID,
    uuid: request.uuid ?? randomUUID(),
    trackId: String(SAMPLE_PAYMENT_ID),
    merchantId: request.merchantId,
    family: request.family,
    status: request.status,
    priceAmount: '100',
    priceAmountValue: 100,
    priceCurrency: 'usd',
    payCurrency,
    payNetwork: request.payNetwork ?? payCurrency,
    payAmount,
    payAmountValue: Number(payAmount),
    payDecimals: 8,
    actuallyPaid,
    actuallyPaidValue: Number(actuallyPaid),
    outcomeAmount,
    outcomeAmountValue: Number(outcomeAmount),
    outcomeCurrency: payCurrency,
    payAddress: 'sample-pay-address',
    payinExtraId: null,
    payWalletKeyId: null,
    payAddressIndex: null,
    testPayment: true,
    payinHash: paid ? deposit.txHash : null,
    payoutHash: request.status === 'finished' ? 'sample-payout-hash' : null,
    fromAddress: paid ? deposit.fromAddress : null,
    confirmations: paid ? deposit.confirmations : 0,
    requiredConfirmations: 2,
    orderId: request.orderId ?? 'test-webhook',
    orderDescription: 'Test webhook',
    purchaseId: SAMPLE_PAYMENT_ID,
    invoiceId: null,
    callbackUrl: request.url,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: true,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    alpha: null,
    beta: null,
    createdAt,
    updatedAt: at,
    expiresAt,
    paidAt: paid ? at : null,
    parentPaymentId: null,
    deposits: paid ? [deposit] : [],
    lateDeposits: [],
    ...(request.staticAddressId === undefined
      ? {}
      : { kind: 'static_address' as const, staticAddressId: request.staticAddressId }),
  };
}
