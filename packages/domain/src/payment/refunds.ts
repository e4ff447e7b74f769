import { DomainError } from '../errors';
import { compare, isPositive, type Amount } from '../money';
import { parseMoney } from '../money-input';
import type { ExistingPayment, PaymentEvent } from './payment';
import { canTransition, type PaymentStatus } from './statuses';

// The gateway holds no keys, so it never sends a refund: the merchant sends it from its own wallet. A
// refund request records where the money goes back and how much; the chain watcher looks for that
// transaction, and once it is confirmed the payment is refunded with its hash.

/** What the merchant was asked to send back: the buyer's address and the amount, in the pay currency. */
export interface RefundRequest {
  address: string;
  amount: Amount;
  requestedAt: string;
}

/** A transaction seen paying the refund address of a payment whose refund is pending. */
export interface ObservedRefundTransfer {
  txHash: string;
  outputIndex: number | null;
  amount: Amount;
  confirmations: number;
}

/** A refund may be requested (and a payment refunded) only where the payment may become refunded. */
export const mayBeRefunded = (status: PaymentStatus): boolean => canTransition(status, 'refunded');

/** The refund the merchant still has to send, or null: none requested, or the payment is refunded. */
export const pendingRefundOf = (payment: {
  status: PaymentStatus;
  refundRequest?: RefundRequest | null;
}): RefundRequest | null => (mayBeRefunded(payment.status) ? (payment.refundRequest ?? null) : null);

/**
 * Records a refund request. `amount` null is all the payment received. The address is checked for the
 * payment's network before the command is sent (the domain knows no address formats); the amount is
 * checked here, whatever entry point sent it: positive, exact, and at most what the payment received.
 * Asking again replaces the pending request (a mistyped address is corrected this way); asking the
 * same again changes nothing.
 */
export function requestRefund(
  payment: ExistingPayment,
  data: { address: string; amount: Amount | null },
  at: string,
): PaymentEvent[] {
  if (!mayBeRefunded(payment.status)) {
    throw new DomainError('INVALID_TRANSITION', `a ${payment.status} payment cannot be refunded`);
  }
  if (!isPositive(payment.actuallyPaid)) {
    throw new DomainError('INVALID_AMOUNT', 'the payment received nothing to refund');
  }
  const amount = data.amount === null ? payment.actuallyPaid : refundAmountOf(payment, data.amount);
  if (compare(amount, payment.actuallyPaid) > 0) {
    throw new DomainError(
      'INVALID_AMOUNT',
      `a refund is at most what the payment received (${payment.actuallyPaid} ${payment.terms.payCurrency})`,
    );
  }
  const pending = payment.refundRequest;
  if (pending && pending.address === data.address && compare(pending.amount, amount) === 0) return [];
  return [{ type: 'PaymentRefundRequested', data: { address: data.address, amount, at } }];
}

function refundAmountOf(payment: ExistingPayment, value: Amount): Amount {
  const parsed = parseMoney(value, { decimals: payment.terms.payDecimals });
  if (!parsed.ok)
    throw new DomainError('INVALID_AMOUNT', 'the refund amount must be a positive amount of the coin');
  return parsed.amount;
}

/**
 * The merchant's refund transaction, as the watcher reports it: the payment is refunded with its hash
 * once it pays at least the requested amount and holds the payment's required confirmations. Before
 * that, and for anything else (no refund pending, already refunded, too little), nothing happens: a
 * redelivered or repeated observation changes nothing.
 */
export function recordRefundTransfer(
  payment: ExistingPayment,
  transfer: ObservedRefundTransfer,
  at: string,
): PaymentEvent[] {
  const pending = pendingRefundOf(payment);
  if (pending === null) return [];
  if (compare(transfer.amount, pending.amount) < 0) return [];
  if (transfer.confirmations < Math.max(1, payment.terms.requiredConfirmations)) return [];
  return [{ type: 'PaymentRefunded', data: { refundHash: transfer.txHash, at } }];
}
