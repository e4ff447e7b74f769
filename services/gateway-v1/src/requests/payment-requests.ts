import { validateAddress } from '@gw/chain';
import type { RawBody } from '@gw/contracts/api/v1';
import type { MoneyInput, PriceViews, SandboxCase } from '@gw/domain';
import type { GatewayConfig } from '@gw/platform';
import type { CryptoCurrency, Currency, RatesService } from '@gw/pricing';
import {
  admitOrRefuse,
  admittedIntakeTerms,
  invoicePaymentRequest,
  invoicePaymentTerms,
  type PaymentIntake,
} from '@gw/application';
import type { InvoiceDocument, MerchantDocument } from '@gw/views';
import { invalidParams, refusalError } from '@gw/families';
import { codeOf, flagOf, integerOf, textOf } from './request-values';

export type PaymentSettings = Pick<
  GatewayConfig,
  'sandboxEnabled' | 'paymentLifetimeMinutes' | 'chainWatchers' | 'prices'
>;

export function knownCurrency(rates: RatesService, field: string, code: string): Currency {
  if (!rates.isKnownCurrency(code)) throw invalidParams(`${field} "${code}" is not a supported currency`);
  return rates.findCurrency(code);
}

export function knownCrypto(rates: RatesService, field: string, code: string): CryptoCurrency {
  const currency = knownCurrency(rates, field, code);
  if (currency.kind !== 'crypto') throw invalidParams(`${field} "${code}" is not a crypto currency`);
  return currency;
}

/** `case` drives a sandbox walk; outside the sandbox it would promise a walk that never comes. */
export function sandboxCaseOf(body: RawBody, settings: PaymentSettings): SandboxCase | null {
  const requested = body.case;
  if (requested === undefined || requested === null) return null;
  if (!settings.sandboxEnabled) throw invalidParams('case is only accepted when the sandbox is enabled');
  return requested as SandboxCase;
}

/**
 * Payout overrides are checked so a typo is refused at once; the outcome itself stays in the pay
 * currency, which is all the payment lifecycle supports.
 */
export function checkPayoutFields(rates: RatesService, body: RawBody, pay: CryptoCurrency): void {
  const payoutCode = codeOf(body.payout_currency);
  const payoutAddress = textOf(body.payout_address);
  const payout = payoutCode === null ? pay : knownCrypto(rates, 'payout_currency', payoutCode);
  if (payoutAddress !== null && !validateAddress(payout.network, payoutAddress.trim())) {
    throw invalidParams(`payout_address is not a valid ${payout.networkName} address for ${payout.code}`);
  }
  if (textOf(body.payout_extra_id) !== null && payoutAddress === null) {
    throw invalidParams('payout_extra_id needs payout_address');
  }
}

/** POST /v1/payment body (already schema-checked) → the family-neutral intake. */
export function paymentIntakeFrom(
  body: RawBody,
  merchant: MerchantDocument,
  prices: PriceViews<RatesService>,
  settings: PaymentSettings,
): PaymentIntake {
  const admitted = admitOrRefuse(
    {
      family: 'v1',
      // Schema-checked wire values; admission reads them with the money parser.
      priceAmount: body.price_amount as MoneyInput,
      priceCurrency: codeOf(body.price_currency) ?? '',
      payCurrency: codeOf(body.pay_currency) ?? '',
      fixedPayAmount: (body.pay_amount ?? null) as MoneyInput | null,
      lifetimeSeconds: settings.paymentLifetimeMinutes * 60,
    },
    merchant,
    settings,
    prices,
    refusalError,
  );
  checkPayoutFields(prices.fixed, body, admitted.payCurrency);
  const isFeePaidByUser = flagOf(body.is_fee_paid_by_user);
  return {
    merchantId: merchant.merchantId,
    merchant,
    family: 'v1',
    ...admittedIntakeTerms(admitted),
    orderId: textOf(body.order_id),
    orderDescription: textOf(body.order_description),
    purchaseId: integerOf(body.purchase_id),
    callbackUrl: textOf(body.ipn_callback_url),
    isFixedRate: flagOf(body.is_fixed_rate ?? body.fixed_rate) || isFeePaidByUser,
    isFeePaidByUser,
    sandboxCase: sandboxCaseOf(body, settings),
  };
}

/** POST /v1/invoice-payment: the invoice fixes the price and redirects, the buyer picks the currency. */
export function invoicePaymentIntakeFrom(
  body: RawBody,
  invoice: InvoiceDocument,
  merchant: MerchantDocument,
  prices: PriceViews<RatesService>,
  settings: PaymentSettings,
): PaymentIntake {
  const admitted = admitOrRefuse(
    invoicePaymentRequest(invoice, codeOf(body.pay_currency) ?? '', settings.paymentLifetimeMinutes * 60),
    merchant,
    settings,
    prices,
    refusalError,
  );
  checkPayoutFields(prices.fixed, body, admitted.payCurrency);
  return {
    ...invoicePaymentTerms(invoice),
    merchantId: merchant.merchantId,
    ...admittedIntakeTerms(admitted),
    orderDescription: textOf(body.order_description) ?? invoice.orderDescription,
    purchaseId: integerOf(body.purchase_id),
    sandboxCase: sandboxCaseOf(body, settings),
  };
}
