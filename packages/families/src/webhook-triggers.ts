import { alphaStatus, betaStatus, isOverpaid, type Family, type PaymentStatus } from '@gw/domain';
import { pendingRefund, type PaymentDocument } from '@gw/views';

/** Statuses Cryptomus documents for payment webhooks (§2.2); `process` and `check` are never sent. */
const ALPHA_WEBHOOK_STATUSES = new Set([
  'confirm_check',
  'paid',
  'paid_over',
  'fail',
  'wrong_amount',
  'cancel',
  'system_fail',
  'refund_process',
  'refund_fail',
  'refund_paid',
]);

/**
 * OxaPay callbacks (§3.2): the v1 docs name Paying and Paid, the legacy docs add Failed and Expired;
 * Underpaid is the v1 name of a partial payment the merchant must know about, Refunding and Refunded
 * the v1 names of a refund under way and done (§3.3). Waiting is not sent:
 * our family B payments are created with their coin chosen, so "waiting" is only the creation itself.
 */
const BETA_CALLBACK_STATUSES = new Set([
  'Paying',
  'Paid',
  'Underpaid',
  'Failed',
  'Expired',
  'Refunding',
  'Refunded',
]);

/**
 * The status a family's webhook carries for a change from `before` (null at creation) to `after`, or
 * null when upstream would send nothing. V1 notifies every `payment_status` change, creation included;
 * families A and B notify when their own (coarser) status changes to one they send.
 */
export function webhookStatusFor(
  family: Family,
  before: PaymentStatus | null,
  after: PaymentStatus,
  overpaid = false,
): string | null {
  if (before === after) return null;
  switch (family) {
    case 'v1':
      return after;
    case 'alpha': {
      const next = alphaStatus(after, overpaid);
      if (before !== null && alphaStatus(before) === next) return null;
      return ALPHA_WEBHOOK_STATUSES.has(next) ? next : null;
    }
    case 'beta': {
      const next = betaStatus(after);
      if (before !== null && betaStatus(before) === next) return null;
      return BETA_CALLBACK_STATUSES.has(next) ? next : null;
    }
  }
}

/**
 * The status the webhook for money that arrived after the payment was done carries, or null when none is
 * sent. V1 sends none for the parent: the repeated payment it opens sends its own IPNs. Families A and B
 * notify with the payment's status as it stands (`paid_over` once late money makes it more than asked).
 */
export function lateDepositWebhookStatus(payment: PaymentDocument): string | null {
  switch (payment.family) {
    case 'v1':
      return null;
    case 'alpha': {
      const status = alphaStatus(payment.status, isOverpaid(payment));
      return ALPHA_WEBHOOK_STATUSES.has(status) ? status : null;
    }
    case 'beta': {
      const status = betaStatus(payment.status);
      return BETA_CALLBACK_STATUSES.has(status) ? status : null;
    }
  }
}

/**
 * The status the webhook for a deposit that left the chain for good carries: always sent, since the
 * merchant must learn that money counted before is gone, even when the status stays (less paid) or
 * steps back to one upstream sends no webhook for. It is the family's own word for where the payment
 * now stands: V1 `waiting` / `partially_paid` / `expired`, family A `process` / `wrong_amount` /
 * `cancel` (Cryptomus's test webhook takes every status, `process` included), family B `Waiting` /
 * `Underpaid` / `Expired` (OxaPay's legacy callbacks send Waiting).
 */
export function droppedDepositWebhookStatus(payment: PaymentDocument): string {
  switch (payment.family) {
    case 'v1':
      return payment.status;
    case 'alpha':
      return alphaStatus(payment.status, isOverpaid(payment));
    case 'beta':
      return betaStatus(payment.status);
  }
}

/**
 * A V1 repeated payment is opened with its money already on it, in the same append as its creation: it
 * never waits, so the creation sends no `waiting` IPN; its first IPN is the money (`confirming` on).
 */
export const isRepeatedPaymentOpening = (
  payment: PaymentDocument,
  statusBefore: PaymentStatus | null,
): boolean => statusBefore === null && payment.parentPaymentId !== null;

/**
 * The status the webhook for a refund request carries, or null when none is sent. V1 has no status for
 * a refund under way (its `payment_status` stays, so no IPN); family A sends `refund_process`, family B
 * `Refunding`: the payment's own status as its records now show it.
 */
export function refundRequestedWebhookStatus(payment: PaymentDocument): string | null {
  if (pendingRefund(payment) === null) return null;
  switch (payment.family) {
    case 'v1':
      return null;
    case 'alpha':
      return alphaStatus(payment.status, isOverpaid(payment), true);
    case 'beta':
      return betaStatus(payment.status, true);
  }
}
