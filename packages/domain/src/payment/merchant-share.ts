import { compare, isPositive, subtract, type Amount } from '../money';
import type { Deposit } from './deposit';
import { receivedAmount } from './late-deposits';
import type { ExistingPayment } from './payment';

/** The money of a payment as both the payment state and its read model hold it. */
export interface PaymentMoney {
  /** What the payer is asked to send. */
  payAmount: Amount;
  actuallyPaid: Amount;
  lateDeposits: readonly Pick<Deposit, 'amount'>[];
  /** What the payout sends the merchant (`PayoutStarted`, `PaymentFinished`); "0" before either. */
  outcomeAmount: Amount;
  /** The merchant wallet key the pay address was derived from; null for a sandbox address. */
  payWalletKeyId: string | null;
}

/** How a payment's money divides between the merchant and the service. Decimal strings. */
export interface MerchantShare {
  /** Everything that reached the address, money that came after the payment was done included. */
  received: Amount;
  /** What the merchant gets of it; before anything arrived, what it gets once paid as asked. */
  merchantAmount: Amount;
  /** What the service kept. */
  commission: Amount;
}

/**
 * The one rule for what the merchant is told it gets (V1 `fee.serviceFee`, family A `merchant_amount`
 * and `commission`), in records, lists and webhooks alike: the money that arrived, or before any did
 * the amount asked (Cryptomus shows an unpaid invoice's `merchant_amount` the same way), less what the
 * service kept. The service keeps only what a payout held back (`StartPayout` decides it: a sandbox
 * payment's simulated payout); a payment to the merchant's own wallet has no payout, its money is the
 * merchant's as it arrives, so it never shows a fee.
 */
export function merchantShareOf(money: PaymentMoney): MerchantShare {
  const received = receivedAmount(money.actuallyPaid, money.lateDeposits);
  const commission = paidToMerchantWallet(money) ? '0' : keptByPayout(money);
  const gross = isPositive(received) ? received : money.payAmount;
  return { received, merchantAmount: subtract(gross, commission), commission };
}

/** The payment state's money, its wallet key read from the terms. */
export const moneyOf = (payment: ExistingPayment): PaymentMoney => ({
  payAmount: payment.payAmount,
  actuallyPaid: payment.actuallyPaid,
  lateDeposits: payment.lateDeposits,
  outcomeAmount: payment.outcomeAmount,
  payWalletKeyId: payment.terms.payWalletKeyId,
});

/**
 * A payment to an address of the merchant's own watch-only wallet: the buyer's money is already the
 * merchant's, so the gateway holds nothing to pay out or take a fee from. Streams written before
 * merchant wallets existed carry no key at all: sandbox payments.
 */
export const paidToMerchantWallet = (payment: Pick<PaymentMoney, 'payWalletKeyId'>): boolean =>
  (payment.payWalletKeyId ?? null) !== null;

function keptByPayout(money: PaymentMoney): Amount {
  if (!isPositive(money.outcomeAmount)) return '0';
  const kept = subtract(money.actuallyPaid, money.outcomeAmount);
  return compare(kept, '0') > 0 ? kept : '0';
}
