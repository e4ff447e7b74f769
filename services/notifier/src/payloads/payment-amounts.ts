import Decimal from 'decimal.js';
import { compare, isPositive, subtract, type ExistingPayment } from '@gw/domain';

/** Amounts every family derives from a payment in the same way. Decimal strings throughout. */

/** What has arrived so far, expressed in the price currency at the payment's own quote. */
export function paidInPriceCurrency(payment: ExistingPayment): string {
  if (!isPositive(payment.payAmount)) return '0';
  return new Decimal(payment.actuallyPaid)
    .times(payment.terms.priceAmount)
    .dividedBy(payment.payAmount)
    .toDecimalPlaces(8, Decimal.ROUND_DOWN)
    .toFixed();
}

/** Pay-currency units per unit of the price currency, at the payment's quote. */
export function quoteRate(payment: ExistingPayment): string {
  if (!isPositive(payment.terms.priceAmount)) return '0';
  return new Decimal(payment.payAmount)
    .dividedBy(payment.terms.priceAmount)
    .toDecimalPlaces(8, Decimal.ROUND_HALF_UP)
    .toFixed();
}

/** What the merchant gets: the payout amount once a payout started, before that what arrived. */
export function merchantAmount(payment: ExistingPayment): string {
  return isPositive(payment.outcomeAmount) ? payment.outcomeAmount : payment.actuallyPaid;
}

/** The service's cut: what arrived less what the merchant gets, never negative. */
export function commission(payment: ExistingPayment): string {
  const fee = subtract(payment.actuallyPaid, merchantAmount(payment));
  return compare(fee, '0') > 0 ? fee : '0';
}

export const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);
