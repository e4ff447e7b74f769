import { BETA_LIFETIME_MINUTES, flagValue, type BetaCreateInvoiceInput } from '@gw/contracts/src/api/beta';
import { add, amount as toAmount, compare, roundUp } from '@gw/domain';
import type { CryptoCurrency, RatesService } from '@gw/rates';
import type { PaymentIntake } from '@gw/runtime';
import type { MerchantDocument } from '@gw/views';
import { DEFAULT_PAY_CURRENCY, betaSymbol, findBetaCrypto, findBetaCurrency } from './beta-currencies';
import { invalidField } from './beta-errors';

export interface InvoiceSettings {
  sandboxEnabled: boolean;
}

/**
 * POST /beta/v1/payment/invoice body (schema-checked) → the family-neutral intake. An invoice priced
 * in a crypto is paid in it; one priced in fiat opens in {@link DEFAULT_PAY_CURRENCY} (or the
 * merchant's first enabled coin), which the hosted page may let the buyer change.
 */
export function invoiceIntakeFrom(
  input: BetaCreateInvoiceInput,
  merchant: MerchantDocument,
  rates: RatesService,
  settings: InvoiceSettings,
): PaymentIntake {
  const price = findBetaCurrency(rates, input.currency);
  if (!price) throw invalidField({ key: 'currency', message: 'The selected currency is invalid.' });
  const toCurrency = input.to_currency ? findBetaCrypto(rates, input.to_currency) : null;
  if (input.to_currency && !toCurrency)
    throw invalidField({ key: 'to_currency', message: 'The selected to currency is invalid.' });
  const pay = price.kind === 'crypto' ? price : defaultPayCurrency(rates, merchant);
  if (merchant.enabledCoins !== null && !merchant.enabledCoins.includes(pay.code)) {
    throw invalidField({
      key: 'currency',
      message: `The currency ${betaSymbol(pay)} is not enabled for this merchant.`,
    });
  }
  const sandbox = flagValue(input.sandbox, false);
  if (sandbox && !settings.sandboxEnabled)
    throw invalidField({ key: 'sandbox', message: 'The sandbox is not enabled on this gateway.' });

  const feePaidByPayer = flagValue(input.fee_paid_by_payer, false);
  const priceAmount = toAmount(typeof input.amount === 'string' ? input.amount.trim() : input.amount);
  const converted = rates.payAmountFor(priceAmount, price.code, pay.code);
  const payAmount = feePaidByPayer ? roundUp(add(converted, pay.withdrawFee), pay.decimals) : converted;
  const minimum = rates.minAmount(pay.code, pay.code).minAmount;
  if (compare(payAmount, minimum) < 0) {
    throw invalidField({
      key: 'amount',
      message: `The amount is below the minimum payment of ${minimum} ${betaSymbol(pay)}.`,
    });
  }

  const lifetimeMinutes = input.lifetime ?? BETA_LIFETIME_MINUTES.default;
  const description = input.description ?? null;
  return {
    merchantId: merchant.merchantId,
    family: 'beta',
    priceAmount,
    priceCurrency: price.code,
    payCurrency: pay.code,
    payAmount,
    orderId: input.order_id === undefined || input.order_id === null ? null : String(input.order_id),
    orderDescription: description,
    callbackUrl: input.callback_url ?? null,
    redirectUrls: { success: input.return_url ?? null, return: input.return_url ?? null },
    lifetimeSeconds: lifetimeMinutes * 60,
    underpaidTolerancePercent: toAmount(input.under_paid_coverage ?? 0),
    isFeePaidByUser: feePaidByPayer,
    // A sandbox invoice is paid in full by the sandbox chain's `success` walk, as OxaPay's sandbox pays by itself.
    sandboxCase: sandbox ? 'success' : null,
    beta: {
      lifetimeMinutes,
      feePaidByPayer,
      toCurrency: toCurrency ? betaSymbol(toCurrency) : null,
      email: input.email ?? null,
      thanksMessage: input.thanks_message ?? null,
      description,
    },
  };
}

function defaultPayCurrency(rates: RatesService, merchant: MerchantDocument): CryptoCurrency {
  const enabled = merchant.enabledCoins;
  if (enabled === null || enabled.includes(DEFAULT_PAY_CURRENCY))
    return rates.findCryptoCurrency(DEFAULT_PAY_CURRENCY);
  const first = rates.cryptoCurrencies().find((crypto) => enabled.includes(crypto.code));
  if (!first) throw invalidField({ key: 'currency', message: 'No currency is enabled for this merchant.' });
  return first;
}
