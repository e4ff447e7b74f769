import {
  assertNever,
  isSameDeposit,
  paymentKindOf,
  statusAfter,
  type DepositRef,
  type PaymentEvent,
} from '@gw/domain';
import {
  minuteOf,
  type DepositRecord,
  type DroppedDepositRecord,
  type PaymentDocument,
  type RefundRecord,
} from './documents';

const valueOf = (amount: string): number => Number(amount);

/** Folds one payment event into the payment read model. Pure; the projector does the I/O. */
export function projectPayment(
  doc: PaymentDocument | null,
  event: PaymentEvent,
  version: number,
): PaymentDocument | null {
  if (event.type === 'PaymentCreated') {
    if (doc) return doc;
    const t = event.data;
    return {
      id: String(t.paymentId),
      version,
      paymentId: t.paymentId,
      uuid: t.uuid,
      trackId: t.trackId,
      merchantId: t.merchantId,
      family: t.family,
      kind: paymentKindOf(t),
      status: 'waiting',
      priceAmount: t.priceAmount,
      priceAmountValue: valueOf(t.priceAmount),
      priceCurrency: t.priceCurrency,
      payCurrency: t.payCurrency,
      payNetwork: t.payNetwork,
      payAmount: t.payAmount,
      payAmountValue: valueOf(t.payAmount),
      payDecimals: t.payDecimals,
      actuallyPaid: '0',
      actuallyPaidValue: 0,
      outcomeAmount: '0',
      outcomeAmountValue: 0,
      outcomeCurrency: t.outcomeCurrency,
      payAddress: t.payAddress,
      payinExtraId: t.payinExtraId,
      payWalletKeyId: t.payWalletKeyId ?? null,
      payAddressIndex: t.payAddressIndex ?? null,
      // Payments created before real ones existed were all sandbox payments.
      testPayment: t.testPayment ?? true,
      payinHash: null,
      payoutHash: null,
      fromAddress: null,
      confirmations: 0,
      requiredConfirmations: t.requiredConfirmations,
      orderId: t.orderId,
      orderDescription: t.orderDescription,
      purchaseId: t.purchaseId,
      invoiceId: t.invoiceId,
      callbackUrl: t.callbackUrl,
      redirectUrls: t.redirectUrls,
      underpaidTolerancePercent: t.underpaidTolerancePercent,
      isPaymentMultiple: t.isPaymentMultiple,
      isFixedRate: t.isFixedRate,
      isFeePaidByUser: t.isFeePaidByUser,
      sandboxCase: t.sandboxCase,
      alpha: t.alpha,
      beta: t.beta,
      createdAt: t.createdAt,
      updatedAt: t.createdAt,
      createdMinute: minuteOf(t.createdAt),
      expiresAt: t.expiresAt,
      expiryMinute: minuteOf(t.expiresAt),
      paidAt: null,
      // Streams written before repeated payments existed have no parentPaymentId.
      parentPaymentId: t.parentPaymentId ?? null,
      staticAddressId: t.staticAddressId ?? null,
      deposits: [],
      lateDeposits: [],
      refundPending: false,
    };
  }
  if (!doc) return null;
  const status = statusAfter(event) ?? doc.status;
  const next: PaymentDocument = { ...doc, version, status, expiryMinute: expiryMinuteOf(doc, status) };
  switch (event.type) {
    case 'DepositDetected': {
      const { actuallyPaid: _total, ...deposit } = event.data;
      return {
        ...next,
        deposits: [...depositsOf(doc), deposit],
        actuallyPaid: event.data.actuallyPaid,
        actuallyPaidValue: valueOf(event.data.actuallyPaid),
        payinHash: doc.payinHash ?? event.data.txHash,
        fromAddress: doc.fromAddress ?? event.data.fromAddress,
        confirmations: doc.payinHash
          ? Math.min(doc.confirmations, event.data.confirmations)
          : event.data.confirmations,
        updatedAt: event.data.detectedAt,
      };
    }
    case 'DepositConfirmationsUpdated':
      return {
        ...next,
        deposits: withConfirmations(doc, event.data),
        confirmations: Math.max(doc.confirmations, event.data.confirmations),
        updatedAt: event.data.updatedAt,
      };
    case 'DepositConfirmationsLost':
      return {
        ...next,
        deposits: withConfirmations(doc, event.data),
        confirmations: Math.min(doc.confirmations, event.data.confirmations),
        updatedAt: event.data.at,
      };
    case 'DepositDropped': {
      const dropped = depositsOf(doc).find((deposit) => isSameDeposit(deposit, event.data));
      if (!dropped) return next;
      const remaining = depositsOf(doc).filter((deposit) => deposit !== dropped);
      return {
        ...next,
        deposits: remaining,
        droppedDeposits: withDropped(doc, dropped, event.data.at, false),
        actuallyPaid: event.data.actuallyPaid,
        actuallyPaidValue: valueOf(event.data.actuallyPaid),
        payinHash: remaining[0]?.txHash ?? null,
        fromAddress: remaining[0]?.fromAddress ?? null,
        confirmations: remaining.length === 0 ? 0 : Math.min(...remaining.map((d) => d.confirmations)),
        updatedAt: event.data.at,
      };
    }
    case 'SettledDepositDropped': {
      const dropped = depositsOf(doc).find((deposit) => isSameDeposit(deposit, event.data));
      if (!dropped) return next;
      return {
        ...next,
        deposits: withConfirmations(doc, { ...event.data, confirmations: 0 }),
        droppedDeposits: withDropped(doc, dropped, event.data.at, true),
        confirmations: 0,
        updatedAt: event.data.at,
      };
    }
    case 'PaymentConfirming':
      return { ...next, paidAt: doc.paidAt ?? event.data.at, updatedAt: event.data.at };
    case 'PayoutStarted':
      return {
        ...next,
        outcomeAmount: event.data.outcomeAmount,
        outcomeAmountValue: valueOf(event.data.outcomeAmount),
        outcomeCurrency: event.data.outcomeCurrency,
        updatedAt: event.data.at,
      };
    case 'PaymentFinished':
      return {
        ...next,
        payoutHash: event.data.payoutHash,
        outcomeAmount: event.data.outcomeAmount,
        outcomeAmountValue: valueOf(event.data.outcomeAmount),
        updatedAt: event.data.at,
      };
    case 'PaymentEstimateUpdated':
      return {
        ...next,
        payAmount: event.data.payAmount,
        payAmountValue: valueOf(event.data.payAmount),
        expiresAt: event.data.expiresAt,
        expiryMinute: status === 'waiting' ? minuteOf(event.data.expiresAt) : null,
        updatedAt: event.data.at,
      };
    case 'LateDepositReceived': {
      const { repeatedPayment, ...late } = event.data;
      return {
        ...next,
        lateDeposits: [
          ...doc.lateDeposits,
          { ...late, repeatedPaymentId: repeatedPayment?.paymentId ?? null },
        ],
        updatedAt: late.detectedAt,
      };
    }
    case 'PriorDepositReceived':
      return { ...next, priorDeposits: [...(doc.priorDeposits ?? []), event.data] };
    case 'LateDepositConfirmationsUpdated':
      return {
        ...next,
        lateDeposits: doc.lateDeposits.map((late) =>
          isSameDeposit(late, event.data) ? { ...late, confirmations: event.data.confirmations } : late,
        ),
        updatedAt: event.data.updatedAt,
      };
    case 'PaymentRefundRequested': {
      const { address, amount, at } = event.data;
      return {
        ...next,
        refund: { address, amount, requestedAt: at, refundHash: null, refundedAt: null, pendingSince: at },
        refundPending: true,
        updatedAt: at,
      };
    }
    case 'PaymentRefunded': {
      const { refundHash, at } = event.data;
      const asked = doc.refund ?? { address: null, amount: null, requestedAt: null };
      return {
        ...next,
        refund: { ...asked, refundHash, refundedAt: at, pendingSince: null },
        refundPending: false,
        updatedAt: at,
      };
    }
    case 'PaymentOverpaid':
    case 'PaymentUnderpaid':
    case 'PaymentConfirmed':
    case 'PaymentFailed':
    case 'PaymentExpired':
      return { ...next, updatedAt: event.data.at };
    default:
      return assertNever(event);
  }
}

/** `expiryMinute` after an event that leaves `expiresAt` as it was; documents projected before it get it here. */
function expiryMinuteOf(doc: PaymentDocument, status: PaymentDocument['status']): string | null {
  if (status !== 'waiting') return null;
  return doc.expiryMinute ?? minuteOf(doc.expiresAt);
}

/** Documents projected before deposits were kept have none recorded. */
const depositsOf = (doc: PaymentDocument): DepositRecord[] => doc.deposits ?? [];

function withDropped(
  doc: PaymentDocument,
  deposit: DepositRecord,
  droppedAt: string,
  stillCounted: boolean,
): DroppedDepositRecord[] {
  return [...(doc.droppedDeposits ?? []), { ...deposit, confirmations: 0, droppedAt, stillCounted }];
}

function withConfirmations(
  doc: PaymentDocument,
  change: DepositRef & { confirmations: number },
): DepositRecord[] {
  return depositsOf(doc).map((deposit) =>
    isSameDeposit(deposit, change) ? { ...deposit, confirmations: change.confirmations } : deposit,
  );
}

/** The refund the merchant was asked to send and has not sent yet (the payment is not refunded), or null. */
export function pendingRefund(
  doc: Pick<PaymentDocument, 'status' | 'refund'>,
): (RefundRecord & { address: string; amount: string }) | null {
  const refund = doc.refund ?? null;
  if (doc.status === 'refunded' || refund === null || refund.refundedAt !== null) return null;
  if (refund.address === null || refund.amount === null) return null;
  return { ...refund, address: refund.address, amount: refund.amount };
}
