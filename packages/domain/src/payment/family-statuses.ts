import { underpaymentIsFinal } from './deposit';
import { isFinalStatus, type PaymentStatus } from './statuses';

/** Family A: `payment_status` carries the V1 value, `status` the upstream (Cryptomus) value. Spec table. */
const ALPHA_STATUS: Record<PaymentStatus, string> = {
  waiting: 'process',
  confirming: 'confirm_check',
  confirmed: 'confirm_check',
  sending: 'process',
  partially_paid: 'wrong_amount',
  finished: 'paid',
  failed: 'fail',
  refunded: 'refund_paid',
  expired: 'cancel',
};

/** Family A's word for a refund the merchant was asked to send and has not sent yet (upstream-apis.md §2.4). */
export const ALPHA_REFUND_PENDING = 'refund_process';

/**
 * `paid_over` (final, like `paid`) is Cryptomus's word for a paid payment that received more than it
 * asked, late deposits included (upstream-apis.md §2.2, §2.4). A pending refund (refunds.ts) shows as
 * `refund_process` while the neutral status stays where it was.
 */
export const alphaStatus = (status: PaymentStatus, overpaid = false, refundPending = false): string =>
  refundPending && status !== 'refunded'
    ? ALPHA_REFUND_PENDING
    : status === 'finished' && overpaid
      ? 'paid_over'
      : ALPHA_STATUS[status];
/** `wrong_amount` is final in Cryptomus's list, so family A's underpaid payments take no more money. */
export const alphaIsFinal = (status: PaymentStatus): boolean =>
  isFinalStatus(status) || (status === 'partially_paid' && underpaymentIsFinal('alpha'));

/**
 * Family B: OxaPay's vocabulary, Capitalised as the spec's sample ("Paid") and as upstream callbacks
 * send it. Money counts as paid for the merchant only once it has been forwarded (finished).
 */
const BETA_STATUS: Record<PaymentStatus, string> = {
  waiting: 'Waiting',
  confirming: 'Paying',
  confirmed: 'Paying',
  sending: 'Paying',
  partially_paid: 'Underpaid',
  finished: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  expired: 'Expired',
};

/** Family B's word for a refund the merchant was asked to send and has not sent yet (upstream-apis.md §3.3). */
export const BETA_REFUND_PENDING = 'Refunding';

export const betaStatus = (status: PaymentStatus, refundPending = false): string =>
  refundPending && status !== 'refunded' ? BETA_REFUND_PENDING : BETA_STATUS[status];

/** The V1 statuses a family B status filter value selects (case-insensitive). */
export function v1StatusesForBeta(betaValue: string): PaymentStatus[] {
  const wanted = betaValue.toLowerCase();
  return (Object.keys(BETA_STATUS) as PaymentStatus[]).filter((s) => BETA_STATUS[s].toLowerCase() === wanted);
}
