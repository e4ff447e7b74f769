import { betaStatus, toJsonNumber } from '@gw/domain';
import type { RatesService } from '@gw/rates';
import type { PaymentDocument } from '@gw/views';
import { paymentTypeOf, symbolOfCode } from './currencies';
import { unixSeconds } from '../payment-amounts';

export interface BetaListItem {
  track_id: string;
  type: string;
  amount: number;
  currency: string;
  status: string;
  date: number;
  /** OxaPay's own `sandbox` flag of the invoice: true for a payment on the simulated chain. */
  sandbox: boolean;
}

/** A payment of any family as a family B history item. */
export function betaListItem(payment: PaymentDocument, rates: RatesService): BetaListItem {
  return {
    track_id: payment.trackId,
    type: paymentTypeOf(payment.family),
    amount: toJsonNumber(payment.priceAmount),
    currency: symbolOfCode(rates, payment.priceCurrency),
    status: betaStatus(payment.status),
    date: unixSeconds(payment.createdAt),
    sandbox: payment.testPayment,
  };
}
