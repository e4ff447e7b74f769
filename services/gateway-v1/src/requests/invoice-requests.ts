import { randomBytes, randomUUID } from 'node:crypto';
import type { RawBody } from '@gw/contracts/api/v1';
import type { InvoiceTerms, PriceViews } from '@gw/domain';
import type { RatesService } from '@gw/pricing';
import type { MerchantDocument } from '@gw/views';
import { admitOrRefuse, invoicePaymentRequest, type AdmissionSettings } from '@gw/application';
import { refusalError } from '@gw/families';
import { knownCrypto, knownCurrency } from './payment-requests';
import { codeOf, flagOf, moneyOf, textOf } from './request-values';

/** Short opaque token of a hosted page or an estimate, like NOWPayments' token_id. */
export const newTokenId = (): string => randomBytes(7).toString('base64url');

/** POST /v1/invoice body (already schema-checked) → the invoice's terms. */
export function invoiceTermsFrom(
  body: RawBody,
  merchant: MerchantDocument,
  settings: AdmissionSettings,
  prices: PriceViews<RatesService>,
  /** Decided by an Idempotency-Key, so that every attempt of the request names the same invoice. */
  invoiceId: string = randomUUID(),
): InvoiceTerms {
  const rates = prices.fixed;
  const priceCurrency = knownCurrency(rates, 'price_currency', codeOf(body.price_currency) ?? '');
  const priceAmount = moneyOf('price_amount', body.price_amount, priceCurrency);
  const payCode = codeOf(body.pay_currency);
  // An invoice that names its coin is held to what a payment in it would be: admitted now, not at the buyer's pick.
  const pay =
    payCode === null
      ? null
      : admitOrRefuse(
          invoicePaymentRequest({ priceAmount, priceCurrency: priceCurrency.code }, payCode, null),
          merchant,
          settings,
          prices,
          refusalError,
        ).payCurrency;
  const payoutCode = codeOf(body.payout_currency);
  const isFeePaidByUser = flagOf(body.is_fee_paid_by_user);
  return {
    invoiceId,
    tokenId: newTokenId(),
    merchantId: merchant.merchantId,
    priceAmount,
    priceCurrency: priceCurrency.code,
    payCurrency: pay?.code ?? null,
    orderId: textOf(body.order_id),
    orderDescription: textOf(body.order_description),
    ipnCallbackUrl: textOf(body.ipn_callback_url),
    successUrl: textOf(body.success_url),
    cancelUrl: textOf(body.cancel_url),
    partiallyPaidUrl: textOf(body.partially_paid_url),
    customerEmail: textOf(body.customer_email),
    payoutCurrency: payoutCode === null ? null : knownCrypto(rates, 'payout_currency', payoutCode).code,
    isFixedRate: flagOf(body.is_fixed_rate ?? body.fixed_rate) || isFeePaidByUser,
    isFeePaidByUser,
    source: textOf(body.source),
    collectUserData: flagOf(body.collect_user_data),
    createdAt: prices.freshness.now.toISOString(),
  };
}
