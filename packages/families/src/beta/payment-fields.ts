import { betaStatus, paymentKindOf, toJsonNumber, type PaymentKind } from '@gw/domain';
import { pendingRefund, type PaymentDocument } from '@gw/views';
import { unixSeconds } from '../payment-amounts';

/**
 * The fields family B's history item, payment information and webhook share, computed once from the
 * payment's document: each of the three takes them from here, never a formula of its own. Texts the
 * payment has none of are empty strings, as upstream sends them.
 */
export interface BetaPaymentFields {
  track_id: string;
  /** The payment's kind, as OxaPay names it (invoice, white_label, static_address). */
  type: PaymentKind;
  amount: number;
  status: string;
  date: number;
  /** OxaPay's own `sandbox` flag of the invoice: true for a payment on the simulated chain. */
  sandbox: boolean;
  order_id: string;
  email: string;
  description: string;
  fee_paid_by_payer: 0 | 1;
  under_paid_coverage: number;
  /** Minutes the payment stays payable. */
  lifetime: number;
  callback_url: string;
}

export function betaPaymentFields(payment: PaymentDocument): BetaPaymentFields {
  return {
    track_id: payment.trackId,
    type: paymentKindOf(payment),
    amount: toJsonNumber(payment.priceAmount),
    status: betaStatus(payment.status, pendingRefund(payment) !== null),
    date: unixSeconds(payment.createdAt),
    sandbox: payment.testPayment,
    order_id: payment.orderId ?? '',
    email: payment.beta?.email ?? '',
    description: payment.beta?.description ?? payment.orderDescription ?? '',
    fee_paid_by_payer: payment.isFeePaidByUser ? 1 : 0,
    under_paid_coverage: toJsonNumber(payment.underpaidTolerancePercent),
    lifetime: payment.beta?.lifetimeMinutes ?? lifetimeMinutesOf(payment),
    callback_url: payment.callbackUrl ?? '',
  };
}

const lifetimeMinutesOf = (payment: PaymentDocument): number =>
  Math.max(1, Math.round((Date.parse(payment.expiresAt) - Date.parse(payment.createdAt)) / 60_000));
