import type { RatesService } from '@gw/pricing';
import type { PaymentDocument } from '@gw/views';
import { symbolOfCode } from './currencies';
import { betaPaymentFields } from './payment-fields';

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
  const fields = betaPaymentFields(payment);
  return {
    track_id: fields.track_id,
    type: fields.type,
    amount: fields.amount,
    currency: symbolOfCode(rates, payment.priceCurrency),
    status: fields.status,
    date: fields.date,
    sandbox: fields.sandbox,
  };
}
