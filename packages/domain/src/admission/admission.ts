import type { CryptoCurrency, Currency, RatesService } from '@gw/rates';
import { add, compare, isPositive, percentOf, roundDown, roundUp, subtract, type Amount } from '../money';
import type { Family } from '../payment/payment';
import { acceptsPayCurrency, canTakeMoneyIn, isCoinEnabled, type AdmittingMerchant } from './coin-acceptance';
import { PAYMENT_LIFETIMES } from './lifetimes';
import { PaymentRefused, type CurrencyRole } from './refusals';

/**
 * Prices at one moment, with the catalogue they price: a value, so admission stays pure.
 * RatesService is one; tests build it from a fixed snapshot.
 */
export type RatesSnapshot = Pick<
  RatesService,
  | 'isKnownCurrency'
  | 'findCurrency'
  | 'cryptoCurrencies'
  | 'payAmountFor'
  | 'minAmount'
  | 'estimate'
  | 'priceQuotedAt'
>;

/**
 * How old a price may be for real money to be asked on it. Null in the sandbox, whose fixed catalogue
 * prices are meant not to move.
 */
export interface PriceFreshness {
  now: Date;
  maxAgeSeconds: number;
}

/** Payer amounts above this many US dollars are refused (family A advertises it as `max_amount`). */
export const MAX_PAYMENT_USD = '1000000';

/**
 * The network fee of forwarding a payment to the merchant: the coin's catalogue withdraw fee. It is
 * the commission family A reports and the part a payer may cover on top.
 */
export const networkFeeOf = (coin: Pick<CryptoCurrency, 'withdrawFee'>): Amount => coin.withdrawFee;

/** What a request asks for, in catalogue codes (or aliases, any case) after its family's own naming. */
export interface PaymentRequestTerms {
  family: Family;
  priceAmount: Amount;
  priceCurrency: string;
  /** The coin the request names for the payer; null lets the merchant's coins pick from the defaults. */
  payCurrency: string | null;
  /** The family's pay currencies in order of preference, for a request that names none. */
  defaultPayCurrencies?: readonly string[];
  /** A crypto amount the merchant fixed itself instead of converting the price (V1 `pay_amount`). */
  fixedPayAmount?: Amount | null;
  /** Positive lowers the payer amount, negative is a surcharge (family A `discount_percent`). */
  discountPercent?: Amount;
  /** The percent of the coin's network fee the payer covers on top (family A `subtract`, B `fee_paid_by_payer`). */
  payerFeePercent?: Amount;
  /** Null or absent: the family's default. */
  lifetimeSeconds?: number | null;
}

export interface AdmittedPayment {
  priceAmount: Amount;
  priceCurrency: Currency;
  payCurrency: CryptoCurrency;
  payAmount: Amount;
  /** In the pay currency; negative for a surcharge. */
  discount: Amount;
  lifetimeSeconds: number;
}

export interface PayLimits {
  minAmount: Amount;
  maxAmount: Amount;
}

/**
 * The one rule for opening a payment, whatever the family: known currencies, a pay coin the merchant
 * accepts on a network that can take money, current prices for both currencies (outside the sandbox),
 * a payer amount within the coin's limits, and a lifetime within the family's window. Throws
 * {@link PaymentRefused} naming the first rule broken.
 */
export function admitPayment(
  request: PaymentRequestTerms,
  merchant: AdmittingMerchant,
  rates: RatesSnapshot,
  freshness: PriceFreshness | null,
): AdmittedPayment {
  if (!isPositive(request.priceAmount))
    throw new PaymentRefused({ code: 'INVALID_AMOUNT', priceAmount: request.priceAmount });
  const priceCurrency = currencyOf(rates, 'price', request.priceCurrency);
  const payCurrency =
    request.payCurrency === null
      ? defaultPayCurrency(rates, merchant, request.defaultPayCurrencies ?? [])
      : acceptedCoin(merchant, cryptoOf(rates, 'pay', request.payCurrency));
  requireFreshPrices(rates, [payCurrency, priceCurrency], freshness);
  const { payAmount, discount } = priceToPay(rates, request, priceCurrency, payCurrency);
  requireWithinLimits(rates, payCurrency, payAmount);
  return {
    priceAmount: request.priceAmount,
    priceCurrency,
    payCurrency,
    payAmount,
    discount,
    lifetimeSeconds: lifetimeOf(request),
  };
}

/**
 * What the payer of a waiting payment must send at today's prices (V1 `update-merchant-estimate`),
 * held to the price rule a new payment is: outside the sandbox, only on current prices.
 */
export function currentPayAmount(
  terms: { priceAmount: Amount; priceCurrency: string; payCurrency: string },
  rates: RatesSnapshot,
  freshness: PriceFreshness | null,
): Amount {
  const priceCurrency = currencyOf(rates, 'price', terms.priceCurrency);
  const payCurrency = cryptoOf(rates, 'pay', terms.payCurrency);
  requireFreshPrices(rates, [payCurrency, priceCurrency], freshness);
  return rates.payAmountFor(terms.priceAmount, priceCurrency.code, payCurrency.code);
}

/** The coins a merchant offers payers, in catalogue order: every list and picker shows exactly these. */
export function offeredPayCurrencies(merchant: AdmittingMerchant, rates: RatesSnapshot): CryptoCurrency[] {
  return rates.cryptoCurrencies().filter((coin) => acceptsPayCurrency(merchant, coin));
}

/** The payer-amount window of a coin, in that coin: its catalogue minimum up to {@link MAX_PAYMENT_USD}. */
export function payLimitsOf(rates: RatesSnapshot, coin: CryptoCurrency): PayLimits {
  return {
    minAmount: rates.minAmount(coin.code, coin.code).minAmount,
    maxAmount: rates.estimate(MAX_PAYMENT_USD, 'usd', coin.code),
  };
}

function currencyOf(rates: RatesSnapshot, role: CurrencyRole, code: string): Currency {
  if (!rates.isKnownCurrency(code))
    throw new PaymentRefused({ code: 'UNKNOWN_CURRENCY', role, currency: code });
  return rates.findCurrency(code);
}

function cryptoOf(rates: RatesSnapshot, role: CurrencyRole, code: string): CryptoCurrency {
  const currency = currencyOf(rates, role, code);
  if (currency.kind !== 'crypto')
    throw new PaymentRefused({ code: 'NOT_A_CRYPTO_CURRENCY', role, currency: code });
  return currency;
}

function acceptedCoin(merchant: AdmittingMerchant, coin: CryptoCurrency): CryptoCurrency {
  if (!isCoinEnabled(merchant.enabledCoins, coin))
    throw new PaymentRefused({ code: 'COIN_NOT_ENABLED', role: 'pay', coin });
  if (!canTakeMoneyIn(merchant.payableCoins, coin))
    throw new PaymentRefused({ code: 'NETWORK_NOT_PAYABLE', role: 'pay', coin });
  return coin;
}

function defaultPayCurrency(
  rates: RatesSnapshot,
  merchant: AdmittingMerchant,
  preferred: readonly string[],
): CryptoCurrency {
  for (const code of preferred) {
    if (!rates.isKnownCurrency(code)) continue;
    const currency = rates.findCurrency(code);
    if (currency.kind === 'crypto' && acceptsPayCurrency(merchant, currency)) return currency;
  }
  throw new PaymentRefused({ code: 'NO_COIN_ENABLED' });
}

/** A price the snapshot does not quote converts at the catalogue's fixed price: never real money's. */
function requireFreshPrices(
  rates: RatesSnapshot,
  currencies: readonly Currency[],
  freshness: PriceFreshness | null,
): void {
  if (freshness) for (const currency of currencies) requireFreshPrice(rates, currency, freshness);
}

function requireFreshPrice(rates: RatesSnapshot, currency: Currency, freshness: PriceFreshness): void {
  const quotedAt = rates.priceQuotedAt(currency.code);
  const ageSeconds = quotedAt === null ? null : (freshness.now.getTime() - Date.parse(quotedAt)) / 1000;
  if (ageSeconds === null || ageSeconds > freshness.maxAgeSeconds)
    throw new PaymentRefused({
      code: 'STALE_PRICE',
      currency,
      quotedAt,
      maxAgeSeconds: freshness.maxAgeSeconds,
    });
}

/** payer amount = converted price − discount + the payer's share of the network fee, rounded up. */
function priceToPay(
  rates: RatesSnapshot,
  request: PaymentRequestTerms,
  price: Currency,
  pay: CryptoCurrency,
): { payAmount: Amount; discount: Amount } {
  if (request.fixedPayAmount)
    return { payAmount: roundUp(request.fixedPayAmount, pay.decimals), discount: '0' };
  const converted = rates.payAmountFor(request.priceAmount, price.code, pay.code);
  const discount = roundDown(percentOf(converted, request.discountPercent ?? '0'), pay.decimals);
  const feeShare = percentOf(networkFeeOf(pay), request.payerFeePercent ?? '0');
  return { payAmount: roundUp(add(subtract(converted, discount), feeShare), pay.decimals), discount };
}

function requireWithinLimits(rates: RatesSnapshot, coin: CryptoCurrency, payAmount: Amount): void {
  const { minAmount, maxAmount } = payLimitsOf(rates, coin);
  if (compare(payAmount, minAmount) < 0)
    throw new PaymentRefused({ code: 'BELOW_MINIMUM', coin, payAmount, minimum: minAmount });
  if (compare(payAmount, maxAmount) > 0)
    throw new PaymentRefused({ code: 'ABOVE_MAXIMUM', coin, payAmount, maximum: maxAmount });
}

function lifetimeOf(request: PaymentRequestTerms): number {
  const window = PAYMENT_LIFETIMES[request.family];
  const lifetimeSeconds = request.lifetimeSeconds ?? window.defaultSeconds;
  const within =
    Number.isInteger(lifetimeSeconds) &&
    lifetimeSeconds >= window.minimumSeconds &&
    lifetimeSeconds <= window.maximumSeconds;
  if (!within) throw new PaymentRefused({ code: 'INVALID_LIFETIME', lifetimeSeconds, window });
  return lifetimeSeconds;
}
