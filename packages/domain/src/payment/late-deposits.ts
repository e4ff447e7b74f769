import { add, compare, divide, isPositive, multiply, roundUp, subtract, type Amount } from '../money';
import {
  isSameDeposit,
  outputIndexOf,
  type Deposit,
  type LateDeposit,
  type RepeatedPaymentIds,
} from './deposit';
import type { ExistingPayment, Family, PaymentEvent, PaymentTerms } from './payment';
import type { ChainBlockRef } from './prior-deposits';

/** A transaction seen at a payment's address, as the chain reports it. */
export interface ObservedDeposit {
  txHash: string;
  /** The output (`vout`) or log (`logIndex`) of the transaction; absent or null where the chain names none (the sandbox). */
  outputIndex?: number | null;
  amount: Amount;
  fromAddress: string | null;
  confirmations: number;
  /**
   * The block holding the transaction as the watcher saw it; null in the mempool, absent where the chain
   * names no blocks (the sandbox) and from observations made before blocks were reported.
   */
  block?: ChainBlockRef | null;
  /** Ids for the V1 repeated payment this money opens if it arrives late; absent where none is opened. */
  repeatedPayment?: RepeatedPaymentIds;
}

/**
 * NOWPayments opens a child payment (`parent_payment_id`, listed with `origin_type` REPEATED) for money
 * sent to an address whose payment is done; Cryptomus and OxaPay keep the money on the payment itself
 * (`paid_over`, one more entry in `txs`). upstream-apis.md §1.3, §2.4, §3.4.
 */
export const opensRepeatedPayment = (family: Family): boolean => family === 'v1';

/** Money at the address of a payment that no longer takes it: recorded apart, never added to what was paid. */
export function receiveLateDeposit(
  payment: ExistingPayment,
  deposit: ObservedDeposit,
  at: string,
): PaymentEvent {
  const repeated = opensRepeatedPayment(payment.terms.family) ? (deposit.repeatedPayment ?? null) : null;
  return {
    type: 'LateDepositReceived',
    data: {
      txHash: deposit.txHash,
      outputIndex: outputIndexOf(deposit),
      amount: deposit.amount,
      fromAddress: deposit.fromAddress,
      confirmations: deposit.confirmations,
      detectedAt: at,
      paymentStatus: payment.status,
      repeatedPayment: repeated,
    },
  };
}

/**
 * A late deposit's confirmations change, up as blocks come or down when a reorganisation takes its block
 * away; the repeated payment it opened follows either way. An observation older than the last one
 * applied is a redelivery, not a reorganisation.
 */
export function confirmLateDeposit(
  payment: ExistingPayment,
  late: LateDeposit,
  confirmations: number,
  at: string,
): PaymentEvent[] {
  if (confirmations === late.confirmations) return [];
  const stale =
    payment.depositsObservedAt !== null && Date.parse(at) < Date.parse(payment.depositsObservedAt);
  if (confirmations < late.confirmations && stale) return [];
  return [
    {
      type: 'LateDepositConfirmationsUpdated',
      data: {
        txHash: late.txHash,
        outputIndex: outputIndexOf(late),
        amount: late.amount,
        confirmations,
        repeatedPaymentId: late.repeatedPayment?.paymentId ?? null,
        updatedAt: at,
      },
    },
  ];
}

export const findLateDeposit = (
  payment: ExistingPayment,
  deposit: ObservedDeposit,
): LateDeposit | undefined => payment.lateDeposits.find((late) => isSameDeposit(late, deposit));

/** What arrived beyond the pay amount, late money included; "0" when nothing did. */
export function overpaidAmount(payAmount: Amount, received: Amount): Amount {
  const over = subtract(received, payAmount);
  return compare(over, '0') > 0 ? over : '0';
}

/** Everything that reached the payment's address: what counted towards it and what came late. */
export const receivedAmount = (
  actuallyPaid: Amount,
  lateDeposits: readonly Pick<Deposit, 'amount'>[],
): Amount => lateDeposits.reduce((sum, late) => add(sum, late.amount), actuallyPaid);

/** Whether more than the pay amount reached the payment, late money included. */
export const isOverpaid = (payment: {
  payAmount: Amount;
  actuallyPaid: Amount;
  lateDeposits: readonly Pick<Deposit, 'amount'>[];
}): boolean =>
  isPositive(overpaidAmount(payment.payAmount, receivedAmount(payment.actuallyPaid, payment.lateDeposits)));

/**
 * The terms of the repeated payment that carries a late deposit: the parent's merchant, order, address
 * and callback, priced at the parent's own quote, asking exactly what arrived. It never expires or
 * walks a sandbox case: it is opened with its money already there.
 */
export function repeatedPaymentTerms(
  parent: PaymentTerms,
  late: LateDeposit,
  ids: RepeatedPaymentIds,
): PaymentTerms & { parentPaymentId: number } {
  return {
    ...parent,
    paymentId: ids.paymentId,
    uuid: ids.uuid,
    trackId: String(ids.paymentId),
    priceAmount: roundUp(divide(multiply(late.amount, parent.priceAmount), parent.payAmount), 8),
    payAmount: late.amount,
    // The invoice's payment stays the parent; the child is found through parent_payment_id.
    invoiceId: null,
    underpaidTolerancePercent: '0',
    isPaymentMultiple: false,
    sandboxCase: null,
    createdAt: late.detectedAt,
    expiresAt: late.detectedAt,
    parentPaymentId: parent.paymentId,
  };
}
