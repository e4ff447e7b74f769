import { percentOf, subtract, type Amount } from '../money';
import type { Family, PaymentTerms } from './payment';
import type { PaymentStatus } from './statuses';

/** A transaction that paid into a payment's address. */
export interface Deposit {
  txHash: string;
  /**
   * Where in its transaction the money arrived: a UTXO output's `vout`, an EVM log's `logIndex`. Null
   * where the chain reports a transaction as one deposit (the sandbox); absent from events stored before
   * outputs were told apart, which named the whole transaction. Read it through `outputIndexOf`.
   */
  outputIndex?: number | null;
  amount: Amount;
  fromAddress: string | null;
  confirmations: number;
  detectedAt: string;
}

/** The ids a repeated payment gets when money arrives after its parent stopped taking it (V1). */
export interface RepeatedPaymentIds {
  paymentId: number;
  uuid: string;
}

/**
 * Money that reached a payment after it stopped taking money (payout under way or a final status). It is
 * kept apart from what the payment was paid: upstream never adds it to `actually_paid`.
 */
export interface LateDeposit extends Deposit {
  /** The status the payment had when the money arrived. */
  paymentStatus: PaymentStatus;
  /** The V1 child payment that carries this money; null in the families that record it on the payment. */
  repeatedPayment: RepeatedPaymentIds | null;
}

/**
 * A deposit whose transaction left the chain for good (reorganised out and never mined again, or replaced
 * by a double spend) while the payment still took money: no longer part of `actuallyPaid`. Should the
 * transaction return after all, it is counted again as a new deposit, once.
 */
export interface DroppedDeposit extends Deposit {
  droppedAt: string;
}

/** The transaction and output a deposit arrived in. */
export type DepositRef = Pick<Deposit, 'txHash' | 'outputIndex'>;

/** A deposit event stored before outputs were told apart named the whole transaction: output index null. */
export const outputIndexOf = (deposit: DepositRef): number | null => deposit.outputIndex ?? null;

/**
 * What identifies one deposit, so that a redelivered observation is never counted twice while two
 * outputs of one transaction are two deposits: `txid:vout` (`txhash:logIndex` on EVM chains), or the
 * transaction hash alone where the chain names no output. Every comparison goes through it.
 */
export const depositIdOf = (deposit: DepositRef): string => {
  const outputIndex = outputIndexOf(deposit);
  return outputIndex === null ? deposit.txHash : `${deposit.txHash}:${outputIndex}`;
};

export const isSameDeposit = (a: DepositRef, b: DepositRef): boolean => depositIdOf(a) === depositIdOf(b);

/**
 * Whether money that arrives now still counts towards the payment. Once the payout has started (and in
 * every final status) the amount paid out is fixed, so anything more is a late deposit. A family A
 * underpayment is final as well: Cryptomus lists `wrong_amount` as final ("paid less, no more
 * top-up", upstream-apis.md §2.4), so money after it is kept on the invoice as late money.
 */
export const takesDeposits = (status: PaymentStatus, family: Family): boolean =>
  status === 'waiting' ||
  status === 'confirming' ||
  status === 'confirmed' ||
  (status === 'partially_paid' && !underpaymentIsFinal(family));

/** Whether an underpaid (`partially_paid`) payment of this family is done: family A's `wrong_amount`. */
export const underpaymentIsFinal = (family: Family): boolean => family === 'alpha';

/** Whether a deposit holds the confirmations its payment requires. */
export const hasRequiredConfirmations = (
  deposit: Pick<Deposit, 'confirmations'>,
  requiredConfirmations: number,
): boolean => deposit.confirmations >= requiredConfirmations;

/** The least a buyer may send for the payment to count as paid, after the merchant's tolerance. */
export const paidThreshold = (payment: {
  payAmount: Amount;
  terms: Pick<PaymentTerms, 'underpaidTolerancePercent'>;
}): Amount =>
  subtract(payment.payAmount, percentOf(payment.payAmount, payment.terms.underpaidTolerancePercent));
