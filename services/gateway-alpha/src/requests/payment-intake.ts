import { flagValue, type AlphaCreatePaymentInput } from '@gw/contracts/api/alpha';
import { amount as toAmount, clampLifetime, type PriceViews } from '@gw/domain';
import type { Currency, RatesService } from '@gw/pricing';
import {
  admitOrRefuse,
  admittedIntakeTerms,
  type AdmissionSettings,
  type PaymentIntake,
} from '@gw/application';
import type { MerchantDocument, PaymentDocument } from '@gw/views';
import {
  alphaNetworkName,
  alphaPayCoin,
  alphaRefusal,
  catalogueNetworkOf,
  DEFAULT_PAY_NETWORK,
  DEFAULT_PAY_TICKER,
  findAlphaCrypto,
  findAlphaCurrency,
  isKnownAlphaNetwork,
  validationFailed,
} from '@gw/families';

/** POST /alpha/v1/payment body (schema-checked) → the family-neutral intake. */
export function alphaIntakeFrom(
  input: AlphaCreatePaymentInput,
  merchant: MerchantDocument,
  prices: PriceViews<RatesService>,
  settings: AdmissionSettings,
): PaymentIntake {
  const rates = prices.fixed;
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
  const namedPay =
    toCurrency !== null
      ? alphaPayCoin(
          toCurrency,
          network,
          resolve(rates, 'to_currency', toCurrency, network, findAlphaCrypto),
          rates,
        )
      : price.kind === 'crypto'
        ? alphaPayCoin(input.currency, network, price, rates)
        : null;
  const discountPercent = input.discount_percent ?? 0;
  const subtractPercent = input.subtract ?? 0;
  const admitted = admitOrRefuse(
    {
      family: 'alpha',
      // The schema-checked wire value; admission reads it with the money parser.
      priceAmount: input.amount,
      priceCurrency: price.code,
      payCurrency: namedPay,
      // Admission reads the defaults only when the request names no coin: not worked out otherwise.
      ...(namedPay === null ? { defaultPayCurrencies: defaultPayCurrencies(rates, network) } : {}),
      discountPercent: String(discountPercent),
      payerFeePercent: String(subtractPercent),
      lifetimeSeconds: input.lifetime ?? null,
    },
    merchant,
    settings,
    prices,
    (refusal) => alphaRefusal(refusal, toCurrency === null ? 'currency' : 'to_currency'),
  );

  return {
    merchantId: merchant.merchantId,
    merchant,
    family: 'alpha',
    ...admittedIntakeTerms(admitted),
    orderId: input.order_id,
    orderDescription: null,
    callbackUrl: input.url_callback ?? null,
    redirectUrls: { success: input.url_success ?? null, return: input.url_return ?? null },
    underpaidTolerancePercent: toAmount(input.accuracy_payment_percent ?? 0),
    isPaymentMultiple: flagValue(input.is_payment_multiple, true),
    alpha: {
      network: alphaNetworkName(admitted.payCurrency.network),
      discountPercent,
      discount: admitted.discount,
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
    lifetimeSeconds: clampLifetime('alpha', lifetimeSeconds),
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

/**
 * A fiat payment without to_currency opens in USDT (on the named network; without one, on Tron, else on
 * any network in catalogue order), else the network's native coin, else any coin of the network; without
 * a network, any coin the merchant takes.
 */
function defaultPayCurrencies(rates: RatesService, network: string | null): string[] {
  const networkCode = network === null ? DEFAULT_PAY_NETWORK : catalogueNetworkOf(network);
  const onNetwork = rates.cryptoCurrencies().filter((crypto) => crypto.network === networkCode);
  const usdt = rates.cryptoCurrencies().filter((crypto) => crypto.ticker === DEFAULT_PAY_TICKER);
  const preferred = [
    onNetwork.find((crypto) => crypto.ticker === DEFAULT_PAY_TICKER),
    ...(network === null ? usdt : []),
    onNetwork.find((crypto) => crypto.contractAddress === null),
    ...onNetwork,
    ...(network === null ? rates.cryptoCurrencies() : []),
  ];
  return preferred.flatMap((crypto) => (crypto ? [crypto.code] : []));
}
