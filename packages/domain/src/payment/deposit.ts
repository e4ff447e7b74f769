import type { Amount } from '../money';
import type { Family } from './payment';
import type { PaymentStatus } from './statuses';

/** A transaction that paid into a payment's address. */
export interface Deposit {
  txHash: string;
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
 * What identifies one deposit, so that a redelivered observation is never counted twice. Chain watchers
 * that see several outputs of one transaction extend this (txid:vout); every comparison goes through it.
 */
export const depositIdOf = (deposit: Pick<Deposit, 'txHash'>): string => deposit.txHash;

export const isSameDeposit = (a: Pick<Deposit, 'txHash'>, b: Pick<Deposit, 'txHash'>): boolean =>
  depositIdOf(a) === depositIdOf(b);

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
