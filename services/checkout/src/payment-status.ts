import type { PaymentDocument } from '@gw/views';
import { paymentPath, type CheckoutStage, type CheckoutState } from './checkout-state';
import type { PaymentUriOf } from '@gw/chain';

/** `GET /pay/<uuid>/status.json`: what the page's script needs to follow the payment without a reload. */
export interface PaymentStatusBody {
  stage: CheckoutStage;
  status: string;
  pay_currency: string;
  pay_amount: string;
  actually_paid: string;
  missing_amount: string;
  /** What to send now (the whole amount, or the missing part), null when nothing is due. */
  amount_due: string | null;
  confirmations: number;
  required_confirmations: number;
  expires_at: string;
  /** Counted on the server's clock, so a buyer's wrong device clock cannot shorten or stretch it. */
  expires_in_seconds: number;
  qr_url: string | null;
  /** The wallet link the QR code carries, for the amount due. */
  payment_uri: string | null;
  redirect: { url: string; reason: string; automatic: boolean; delay_seconds: number } | null;
  pick_again_url: string | null;
}

export const qrPathOf = (uuid: string, amountDue: string): string =>
  `${paymentPath(uuid)}/qr.svg?amount=${encodeURIComponent(amountDue)}`;

export function paymentStatusBody(
  payment: PaymentDocument,
  state: CheckoutState,
  paymentUriOf: PaymentUriOf,
): PaymentStatusBody {
  return {
    stage: state.stage,
    status: state.status,
    pay_currency: payment.payCurrency,
    pay_amount: state.payAmount,
    actually_paid: state.actuallyPaid,
    missing_amount: state.missingAmount,
    amount_due: state.amountDue,
    confirmations: state.confirmations,
    required_confirmations: state.requiredConfirmations,
    expires_at: state.expiresAt,
    expires_in_seconds: state.secondsLeft,
    qr_url: state.amountDue === null ? null : qrPathOf(payment.uuid, state.amountDue),
    payment_uri:
      state.amountDue === null
        ? null
        : paymentUriOf(payment.payCurrency, payment.payAddress, state.amountDue),
    redirect: state.wayOut && {
      url: state.wayOut.url,
      reason: state.wayOut.reason,
      automatic: state.wayOut.automatic,
      delay_seconds: state.wayOut.delaySeconds,
    },
    pick_again_url: state.pickAgainPath,
  };
}
