import { compare, isPositive, subtract, type Amount } from '../money';
import {
  hasRequiredConfirmations,
  isSameDeposit,
  outputIndexOf,
  paidThreshold,
  takesDeposits,
  type Deposit,
  type DepositRef,
  type DroppedDeposit,
} from './deposit';
import type { ExistingPayment, PaymentEvent } from './payment';
import type { PaymentStatus } from './statuses';

/**
 * The chain watcher reports that a deposit's transaction is gone for good: not in the best chain and not
 * waiting to be mined for as many blocks as it allows (a reorganisation that never brought it back, a
 * double spend). While the payment still takes money the deposit stops counting and the payment steps
 * back to what the remaining deposits make it: waiting (expired once its lifetime is over) with nothing
 * left, partially_paid below the paid threshold, else the status it had. A settled payment (payout under
 * way or final, family A's wrong_amount included) keeps its outcome: the loss is recorded only. An
 * observation older than the last one applied is a late redelivery: the deposit came back since.
 */
export function dropDeposit(payment: ExistingPayment, ref: DepositRef, at: string): PaymentEvent[] {
  const deposit = payment.deposits.find((d) => isSameDeposit(d, ref));
  if (!deposit) return [];
  if (payment.depositsObservedAt !== null && Date.parse(at) < Date.parse(payment.depositsObservedAt))
    return [];
  const { txHash, amount } = deposit;
  const outputIndex = outputIndexOf(deposit);
  if (!takesDeposits(payment.status, payment.terms.family)) {
    return [
      {
        type: 'SettledDepositDropped',
        data: { txHash, outputIndex, amount, paymentStatus: payment.status, at },
      },
    ];
  }
  const remaining = payment.deposits.filter((d) => d !== deposit);
  const actuallyPaid = subtract(payment.actuallyPaid, amount);
  const paymentStatus = statusWithout(payment, actuallyPaid, at);
  const events: PaymentEvent[] = [
    { type: 'DepositDropped', data: { txHash, outputIndex, amount, actuallyPaid, paymentStatus, at } },
  ];
  // The dropped deposit was the one still short of confirmations: the rest may already hold them.
  if (paymentStatus === 'confirming' && allConfirmed(remaining, payment.terms.requiredConfirmations)) {
    events.push({ type: 'PaymentConfirmed', data: { actuallyPaid, at } });
  }
  return events;
}

function statusWithout(payment: ExistingPayment, actuallyPaid: Amount, at: string): PaymentStatus {
  if (!isPositive(actuallyPaid))
    return Date.parse(at) >= Date.parse(payment.expiresAt) ? 'expired' : 'waiting';
  if (compare(actuallyPaid, paidThreshold(payment)) < 0) return 'partially_paid';
  return payment.status;
}

const allConfirmed = (deposits: readonly Deposit[], requiredConfirmations: number): boolean =>
  deposits.every((d) => hasRequiredConfirmations(d, requiredConfirmations));

export const findDroppedDeposit = (payment: ExistingPayment, ref: DepositRef): DroppedDeposit | undefined =>
  payment.droppedDeposits.find((dropped) => isSameDeposit(dropped, ref));

/**
 * A dropped deposit's transaction seen again: counted anew (it no longer counts), unless the observation
 * predates the drop, which makes it a late redelivery of what was already undone.
 */
export const isObservedBeforeDrop = (dropped: DroppedDeposit, at: string): boolean =>
  Date.parse(at) < Date.parse(dropped.droppedAt);
