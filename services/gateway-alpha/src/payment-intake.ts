import { ALPHA_LIFETIME, flagValue, type AlphaCreatePaymentInput } from '@gw/contracts/src/api/alpha';
import { amount as toAmount, compare } from '@gw/domain';
import type { CryptoCurrency, Currency, RatesService } from '@gw/rates';
import type { PaymentIntake } from '@gw/runtime';
import type { MerchantDocument, PaymentDocument } from '@gw/views';
import {
  DEFAULT_PAY_NETWORK,
  DEFAULT_PAY_TICKER,
  alphaNetworkName,
  catalogueNetworkOf,
  findAlphaCrypto,
  findAlphaCurrency,
  isKnownAlphaNetwork,
} from './alpha-currencies';
import { unprocessable, validationFailed } from './alpha-errors';
import { payLimitsOf, priceAlphaPayment } from './pricing';

/** POST /alpha/v1/payment body (schema-checked) → the family-neutral intake. */
export function alphaIntakeFrom(
  input: AlphaCreatePaymentInput,
  merchant: MerchantDocument,
  rates: RatesService,
): PaymentIntake {
  const network = input.network ?? null;
  if (network !== null && !isKnownAlphaNetwork(rates, network))
    throw validationFailed({ network: ['validation.exists'] });
  const toCurrency = input.to_currency ?? null;
  // The network names the payer's coin: the price currency only when it is also what the buyer pays in.
  const price = resolve(
    rates,
    'currency',
    input.currency,
    toCurrency === null ? network : null,
    findAlphaCurrency,
  );
  const pay =
    toCurrency !== null
      ? resolve(rates, 'to_currency', toCurrency, network, findAlphaCrypto)
      : price.kind === 'crypto'
        ? price
        : defaultPayCurrency(rates, network, merchant);
  requireEnabled(merchant, pay);

  const discountPercent = input.discount_percent ?? 0;
  const subtractPercent = input.subtract ?? 0;
  const priceAmount = toAmount(typeof input.amount === 'string' ? input.amount.trim() : input.amount);
  const { payerAmount, discount } = priceAlphaPayment(rates, {
    amount: priceAmount,
    priceCurrency: price.code,
    pay,
    discountPercent,
    subtractPercent,
  });
  requireWithinLimits(rates, pay, payerAmount);

  return {
    merchantId: merchant.merchantId,
    family: 'alpha',
    priceAmount,
    priceCurrency: price.code,
    payCurrency: pay.code,
    payAmount: payerAmount,
    orderId: input.order_id,
    orderDescription: null,
    callbackUrl: input.url_callback ?? null,
    redirectUrls: { success: input.url_success ?? null, return: input.url_return ?? null },
    lifetimeSeconds: input.lifetime ?? ALPHA_LIFETIME.default,
    underpaidTolerancePercent: toAmount(input.accuracy_payment_percent ?? 0),
    isPaymentMultiple: flagValue(input.is_payment_multiple, true),
    alpha: {
      network: alphaNetworkName(pay.network),
      discountPercent,
      discount,
      additionalData: input.additional_data ?? null,
      subtractPercent: String(subtractPercent),
      toCurrency: toCurrency === null ? null : toCurrency.trim().toUpperCase(),
      isRefresh: false,
    },
  };
}

/**
 * `is_refresh` on an expired payment: the same terms again with a new address and a fresh lifetime of
 * the original length (upstream changes only address, status and expiry).
 */
export function refreshedIntakeOf(expired: PaymentDocument): PaymentIntake {
  const lifetimeSeconds = Math.round((Date.parse(expired.expiresAt) - Date.parse(expired.createdAt)) / 1000);
  return {
    merchantId: expired.merchantId,
    family: 'alpha',
    priceAmount: expired.priceAmount,
    priceCurrency: expired.priceCurrency,
    payCurrency: expired.payCurrency,
    payAmount: expired.payAmount,
    orderId: expired.orderId,
    orderDescription: expired.orderDescription,
    callbackUrl: expired.callbackUrl,
    redirectUrls: expired.redirectUrls,
    lifetimeSeconds: Math.min(Math.max(lifetimeSeconds, ALPHA_LIFETIME.minimum), ALPHA_LIFETIME.maximum),
    underpaidTolerancePercent: expired.underpaidTolerancePercent,
    isPaymentMultiple: expired.isPaymentMultiple,
    alpha: expired.alpha ? { ...expired.alpha, isRefresh: true } : null,
  };
}

function resolve<C extends Currency>(
  rates: RatesService,
  field: string,
  symbol: string,
  network: string | null,
  find: (rates: RatesService, symbol: string, network: string | null) => C | null,
): C {
  const found = find(rates, symbol, network);
  if (found) return found;
  // Known somewhere but not on the named network: the network is what is wrong.
  if (network !== null && find(rates, symbol, null)) throw validationFailed({ network: ['validation.in'] });
  throw validationFailed({ [field]: ['validation.exists'] });
}

/** A fiat payment without to_currency opens in USDT (on the named network, else Tron), else the network's native coin. */
function defaultPayCurrency(
  rates: RatesService,
  network: string | null,
  merchant: MerchantDocument,
): CryptoCurrency {
  const networkCode = network === null ? DEFAULT_PAY_NETWORK : catalogueNetworkOf(network);
  const onNetwork = rates.cryptoCurrencies().filter((crypto) => crypto.network === networkCode);
  const preferred = [
    onNetwork.find((crypto) => crypto.ticker === DEFAULT_PAY_TICKER),
    onNetwork.find((crypto) => crypto.contractAddress === null),
    ...onNetwork,
  ].filter((crypto): crypto is CryptoCurrency => crypto !== undefined);
  const enabled = merchant.enabledCoins;
  const choice = enabled === null ? preferred[0] : preferred.find((crypto) => enabled.includes(crypto.code));
  if (choice) return choice;
  const anyEnabled =
    network === null ? rates.cryptoCurrencies().find((crypto) => enabled?.includes(crypto.code)) : undefined;
  if (anyEnabled) return anyEnabled;
  throw unprocessable('No currency of this network is enabled for the merchant');
}

function requireEnabled(merchant: MerchantDocument, pay: CryptoCurrency): void {
  if (merchant.enabledCoins !== null && !merchant.enabledCoins.includes(pay.code)) {
    throw unprocessable(
      `${pay.ticker.toUpperCase()} on ${alphaNetworkName(pay.network)} is not enabled for the merchant`,
    );
  }
}

function requireWithinLimits(rates: RatesService, pay: CryptoCurrency, payerAmount: string): void {
  const { minAmount, maxAmount } = payLimitsOf(rates, pay);
  const ticker = pay.ticker.toUpperCase();
  if (compare(payerAmount, minAmount) < 0) throw unprocessable(`Minimum amount is ${minAmount} ${ticker}`);
  if (compare(payerAmount, maxAmount) > 0) throw unprocessable(`Maximum amount is ${maxAmount} ${ticker}`);
}
