import Decimal from 'decimal.js';
import { isPositive } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';

/** Amounts every family derives from a payment in the same way. Decimal strings throughout. */

/** What has arrived so far, expressed in the price currency at the payment's own quote. */
export function paidInPriceCurrency(payment: PaymentDocument): string {
  if (!isPositive(payment.payAmount)) return '0';
  return new Decimal(payment.actuallyPaid)
    .times(payment.priceAmount)
    .dividedBy(payment.payAmount)
    .toDecimalPlaces(8, Decimal.ROUND_DOWN)
    .toFixed();
}

/** Pay-currency units per unit of the price currency, at the payment's quote. */
export function quoteRate(payment: PaymentDocument): string {
  if (!isPositive(payment.priceAmount)) return '0';
  return new Decimal(payment.payAmount)
    .dividedBy(payment.priceAmount)
    .toDecimalPlaces(8, Decimal.ROUND_HALF_UP)
    .toFixed();
}

export const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);
