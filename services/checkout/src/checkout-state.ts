import { compare, isPositive, subtract, takesDeposits, type Amount, type PaymentStatus } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import { safeHttpUrl } from '@gw/platform';

/** What the buyer is shown, collapsing the payment lifecycle to the moments that matter to them. */
export type CheckoutStage =
  'waiting' | 'confirming' | 'paid' | 'partially_paid' | 'expired' | 'failed' | 'refunded';

export const CHECKOUT_STAGES: readonly CheckoutStage[] = [
  'waiting',
  'confirming',
  'paid',
  'partially_paid',
  'expired',
  'failed',
  'refunded',
];

export function stageOf(status: PaymentStatus): CheckoutStage {
  switch (status) {
    case 'waiting':
    case 'confirming':
    case 'partially_paid':
    case 'expired':
    case 'failed':
    case 'refunded':
      return status;
    // Once the chain confirmed the full amount the buyer is done; the payout to the merchant is not their concern.
    case 'confirmed':
    case 'sending':
    case 'finished':
      return 'paid';
    default: {
      const unknown: never = status;
      throw new Error(`unknown payment status ${String(unknown)}`);
    }
  }
}

/** Where the buyer goes next, and whether the page takes them there by itself. */
export interface WayOut {
  url: string;
  reason: 'success' | 'cancel' | 'partially_paid' | 'return';
  automatic: boolean;
  delaySeconds: number;
}

export const SUCCESS_REDIRECT_SECONDS = 5;
export const EXPIRED_REDIRECT_SECONDS = 10;

export interface CheckoutState {
  stage: CheckoutStage;
  status: PaymentStatus;
  payAmount: Amount;
  actuallyPaid: Amount;
  /** What the payment lacks of its pay amount; 0 once fully paid. */
  missingAmount: Amount;
  /** What the buyer should send now: the pay amount, the missing part, or nothing. */
  amountDue: Amount | null;
  confirmations: number;
  requiredConfirmations: number;
  expiresAt: string;
  secondsLeft: number;
  /** The invoice page, where an expired invoice payment can be replaced by a new pick. */
  pickAgainPath: string | null;
  wayOut: WayOut | null;
}

export const invoicePath = (invoiceId: string): string => `/invoice/${encodeURIComponent(invoiceId)}`;
export const paymentPath = (uuid: string): string => `/pay/${encodeURIComponent(uuid)}`;

export function checkoutStateOf(payment: PaymentDocument, now: Date): CheckoutState {
  const stage = stageOf(payment.status);
  const shortfall = subtract(payment.payAmount, payment.actuallyPaid);
  const missingAmount = compare(shortfall, '0') > 0 ? shortfall : '0';
  const pickAgainPath =
    payment.invoiceId !== null && (stage === 'expired' || stage === 'failed')
      ? invoicePath(payment.invoiceId)
      : null;
  return {
    stage,
    status: payment.status,
    payAmount: payment.payAmount,
    actuallyPaid: payment.actuallyPaid,
    missingAmount,
    amountDue: amountDueOf(payment, stage, missingAmount),
    confirmations: payment.confirmations,
    requiredConfirmations: payment.requiredConfirmations,
    expiresAt: payment.expiresAt,
    secondsLeft: Math.max(0, Math.floor((Date.parse(payment.expiresAt) - now.getTime()) / 1000)),
    pickAgainPath,
    wayOut: wayOutOf(payment, stage, pickAgainPath !== null),
  };
}

/** A family A underpayment is final (`wrong_amount`): the page asks for nothing more. */
function amountDueOf(payment: PaymentDocument, stage: CheckoutStage, missingAmount: Amount): Amount | null {
  if (stage === 'waiting') return payment.payAmount;
  if (
    stage === 'partially_paid' &&
    takesDeposits(payment.status, payment.family) &&
    isPositive(missingAmount)
  )
    return missingAmount;
  return null;
}

/**
 * The merchant's redirect URLs by moment: V1 success/cancel/partially_paid, family A url_success and
 * url_return, family B return_url (its only one, used after payment). A completed payment takes the
 * buyer back by itself; an expired one does too when nothing else can be done on this page (no invoice
 * to pick again from). A partial payment only offers the link: the buyer may still send the rest.
 */
export function wayOutOf(
  payment: PaymentDocument,
  stage: CheckoutStage,
  canPickAgain: boolean,
): WayOut | null {
  const urls = payment.redirectUrls;
  const success = safeHttpUrl(urls.success);
  const cancel = safeHttpUrl(urls.cancel);
  const back = safeHttpUrl(urls.return);
  const partially = safeHttpUrl(urls.partiallyPaid);
  const link = (url: string | null, reason: WayOut['reason']): WayOut | null =>
    url === null ? null : { url, reason, automatic: false, delaySeconds: 0 };
  switch (stage) {
    case 'paid':
      if (success)
        return { url: success, reason: 'success', automatic: true, delaySeconds: SUCCESS_REDIRECT_SECONDS };
      if (payment.family === 'beta' && back)
        return { url: back, reason: 'return', automatic: true, delaySeconds: SUCCESS_REDIRECT_SECONDS };
      return link(back, 'return');
    case 'partially_paid':
      return link(partially, 'partially_paid') ?? link(back, 'return');
    case 'expired': {
      const way = link(cancel, 'cancel') ?? link(back, 'return');
      return way && !canPickAgain ? { ...way, automatic: true, delaySeconds: EXPIRED_REDIRECT_SECONDS } : way;
    }
    case 'waiting':
    case 'confirming':
    case 'failed':
    case 'refunded':
      return link(cancel, 'cancel') ?? link(back, 'return');
    default: {
      const unknown: never = stage;
      throw new Error(`unknown checkout stage ${String(unknown)}`);
    }
  }
}
