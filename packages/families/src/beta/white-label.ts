import { toJsonNumber } from '@gw/domain';
import type { RatesService } from '@gw/pricing';
import type { PaymentDocument } from '@gw/views';
import { unixSeconds } from '../payment-amounts';
import { symbolOfCode } from './currencies';
import { betaPaymentFields } from './payment-fields';

/**
 * POST /beta/v1/payment/white-label's answer (OxaPay's `data`): the address and amount the merchant shows
 * on its own page. `rate` is one pay coin in the price currency at `rates`; `qrCodeUrl` the image of the
 * payment's wallet link. The fields it shares with the payment information come from `betaPaymentFields`.
 */
export function betaWhiteLabelRecord(payment: PaymentDocument, rates: RatesService, qrCodeUrl: string) {
  const fields = betaPaymentFields(payment);
  const coin = rates.isKnownCurrency(payment.payCurrency)
    ? rates.findCryptoCurrency(payment.payCurrency)
    : null;
  return {
    track_id: fields.track_id,
    amount: fields.amount,
    currency: symbolOfCode(rates, payment.priceCurrency),
    pay_amount: toJsonNumber(payment.payAmount),
    pay_currency: symbolOfCode(rates, payment.payCurrency),
    network: coin?.networkName ?? payment.payNetwork,
    address: payment.payAddress,
    callback_url: fields.callback_url,
    description: fields.description,
    email: fields.email,
    fee_paid_by_payer: fields.fee_paid_by_payer,
    lifetime: fields.lifetime,
    order_id: fields.order_id,
    under_paid_coverage: fields.under_paid_coverage,
    rate: coin ? toJsonNumber(rates.exchangeRate(payment.payCurrency, payment.priceCurrency)) : 0,
    qr_code: qrCodeUrl,
    expired_at: unixSeconds(payment.expiresAt),
    date: fields.date,
  };
}
