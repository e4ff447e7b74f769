import { precisionOf, type CryptoCurrency, type Currency, type RatesService } from '@gw/pricing';
import { add, compare, percentOf, roundDown, roundUp, subtract, type Amount } from '../money';
import { parseMoney, type MoneyInput } from '../money-input';
import type { Family } from '../payment/payment';
import {
  acceptsPayCurrency,
  canTakeMoneyIn,
  isCoinEnabled,
  takesRealMoneyIn,
  type AdmittingMerchant,
} from './coin-acceptance';
import { PAYMENT_LIFETIMES } from './lifetimes';
import type { NamedPayCoin, PayListings } from './pay-listings';
import { PaymentRefused, type CurrencyRole } from './refusals';

/**
 * Prices at one moment, with the catalogue they price: a value, so admission stays pure.
 * RatesService is one; tests build it from a fixed snapshot.
 */
export type RatesSnapshot = Pick<
  RatesService,
  | 'isKnownCurrency'
  | 'findCurrency'
  | 'findCryptoCurrency'
  | 'cryptoCurrencies'
  | 'payAmountFor'
  | 'minAmount'
  | 'estimate'
  | 'priceQuotedAt'
  | 'priceDisagreement'
>;

/** How old a live price may be for real money to be asked on it. */
export interface PriceFreshness {
  now: Date;
  maxAgeSeconds: number;
}

/**
 * The two price views a payment can be asked on. Which one prices a payment follows the payment,
 * not the sandbox switch: see {@link priceViewFor}.
 */
export interface PriceViews<Rates extends RatesSnapshot = RatesSnapshot> {
  /** The catalogue's fixed snapshot: test payments, whose amounts are meant not to move. */
  fixed: Rates;
  /** The live source's last prices; null where no live source runs or before its first answer. */
  live: Rates | null;
  /** How old a live price may be. */
  freshness: PriceFreshness;
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
  /** As the request carried it; checked by the money parser against the price currency's decimals. */
  priceAmount: MoneyInput;
  priceCurrency: string;
  /**
   * The coin the request names for the payer: one listing, or a symbol's listings (the first the merchant
   * accepts is taken); null lets the merchant's coins pick from the defaults.
   */
  payCurrency: NamedPayCoin | null;
  /** The family's pay currencies in order of preference, for a request that names none. */
  defaultPayCurrencies?: readonly string[];
  /** A crypto amount the merchant fixed itself instead of converting the price (V1 `pay_amount`). */
  fixedPayAmount?: MoneyInput | null;
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
 * accepts on a network that can take money, prices from the view the payment is asked on (real money:
 * live prices of both currencies, current), a payer amount within the coin's limits, and a lifetime
 * within the family's window. Throws {@link PaymentRefused} naming the first rule broken.
 */
export function admitPayment(
  request: PaymentRequestTerms,
  merchant: AdmittingMerchant,
  prices: PriceViews,
): AdmittedPayment {
  moneyOf('price', request.priceAmount);
  if (request.fixedPayAmount !== undefined && request.fixedPayAmount !== null)
    moneyOf('pay', request.fixedPayAmount);
  const catalogue = prices.fixed;
  const named = currencyOf(catalogue, 'price', request.priceCurrency);
  const priceAmount = moneyOf('price', request.priceAmount, precisionOf(named), named.code);
  const namedPay =
    request.payCurrency === null
      ? defaultPayCurrency(catalogue, merchant, request.defaultPayCurrencies ?? [])
      : acceptedListing(catalogue, merchant, request.payCurrency);
  const rates = priceViewFor(merchant, namedPay, prices, [namedPay, named]);
  const priceCurrency = rates.findCurrency(named.code);
  const payCurrency = rates.findCryptoCurrency(namedPay.code);
  const fixedPayAmount =
    request.fixedPayAmount === undefined || request.fixedPayAmount === null
      ? null
      : moneyOf('pay', request.fixedPayAmount, payCurrency.decimals, payCurrency.code);
  const { payAmount, discount } = priceToPay(
    rates,
    { ...request, priceAmount, fixedPayAmount },
    priceCurrency,
    payCurrency,
  );
  requireWithinLimits(rates, payCurrency, payAmount);
  return {
    priceAmount,
    priceCurrency,
    payCurrency,
    payAmount,
    discount,
    lifetimeSeconds: lifetimeOf(request),
  };
}

/**
 * What the payer of a waiting payment must send at today's prices (V1 `update-merchant-estimate`),
 * held to the price rule a new payment is.
 */
export function currentPayAmount(
  terms: { priceAmount: Amount; priceCurrency: string; payCurrency: string },
  merchant: AdmittingMerchant,
  prices: PriceViews,
): Amount {
  const priceCurrency = currencyOf(prices.fixed, 'price', terms.priceCurrency);
  const payCurrency = cryptoOf(prices.fixed, 'pay', terms.payCurrency);
  const rates = priceViewFor(merchant, payCurrency, prices, [payCurrency, priceCurrency]);
  return rates.payAmountFor(terms.priceAmount, priceCurrency.code, payCurrency.code);
}

/**
 * The prices a payment in `coin` is asked on. Real money (the merchant's own wallet on a mainnet
 * chain) only on live prices of every currency it names, quoted within the age limit, whatever the
 * sandbox switch says; a test payment (the sandbox chain, or a wallet on a test chain, whose coins
 * are worth nothing) on the fixed snapshot, so it needs no price source and its amounts never move.
 */
export function priceViewFor(
  merchant: AdmittingMerchant,
  coin: Pick<CryptoCurrency, 'code'>,
  prices: PriceViews,
  currencies: readonly Currency[],
): RatesSnapshot {
  if (!takesRealMoneyIn(merchant, coin)) return prices.fixed;
  for (const currency of currencies) requireFreshPrice(prices.live, currency, prices.freshness);
  // requireFreshPrice refuses a missing live view, so it is set here.
  return prices.live as RatesSnapshot;
}

/** The coins a merchant offers payers, in catalogue order: every list and picker shows exactly these. */
export function offeredPayCurrencies(merchant: AdmittingMerchant, rates: RatesSnapshot): CryptoCurrency[] {
  return rates.cryptoCurrencies().filter((coin) => acceptsPayCurrency(merchant, coin));
}

/**
 * Each snapshot's limits by coin. A snapshot's prices never change (new prices are a new snapshot), and
 * the limits cost two decimal conversions, once per create; per snapshot they are worked out once.
 */
const limitsBySnapshot = new WeakMap<RatesSnapshot, Map<string, Readonly<PayLimits>>>();

/** The payer-amount window of a coin, in that coin: its catalogue minimum up to {@link MAX_PAYMENT_USD}. */
export function payLimitsOf(rates: RatesSnapshot, coin: CryptoCurrency): Readonly<PayLimits> {
  let byCoin = limitsBySnapshot.get(rates);
  if (!byCoin) limitsBySnapshot.set(rates, (byCoin = new Map()));
  let limits = byCoin.get(coin.code);
  if (!limits) {
    limits = Object.freeze({
      minAmount: rates.minAmount(coin.code, coin.code).minAmount,
      maxAmount: rates.estimate(MAX_PAYMENT_USD, 'usd', coin.code),
    });
    byCoin.set(coin.code, limits);
  }
  return limits;
}

/**
 * The request's amount by the one money parser: first on its own (a number at all, finite, positive, within
 * the maximum), then, once its currency is known, within that currency's decimals. Never rounded.
 */
function moneyOf(role: CurrencyRole, value: MoneyInput, decimals?: number, currency?: string): Amount {
  const parsed = parseMoney(value, { decimals, currency });
  if (!parsed.ok)
    throw new PaymentRefused({ code: 'INVALID_AMOUNT', role, value: String(value), problem: parsed.problem });
  return parsed.amount;
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

/**
 * The first listing named that the merchant accepts. A price needs no payable listing (every listing of a
 * symbol has its price); what the buyer pays with does. None accepted: refused as the first listing is.
 */
function acceptedListing(
  rates: RatesSnapshot,
  merchant: AdmittingMerchant,
  named: NamedPayCoin,
): CryptoCurrency {
  const [firstCode, ...otherCodes]: PayListings = typeof named === 'string' ? [named] : named;
  const first = cryptoOf(rates, 'pay', firstCode);
  const others = otherCodes.map((code) => cryptoOf(rates, 'pay', code));
  return (
    [first, ...others].find((coin) => acceptsPayCurrency(merchant, coin)) ?? acceptedCoin(merchant, first)
  );
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

/**
 * A price the live source did not quote would convert at the catalogue's fixed price: never real money's.
 * Nor is a median of sources that disagree beyond the spread limit.
 */
function requireFreshPrice(live: RatesSnapshot | null, currency: Currency, freshness: PriceFreshness): void {
  const quotedAt = live === null ? null : live.priceQuotedAt(currency.code);
  const ageSeconds = quotedAt === null ? null : (freshness.now.getTime() - Date.parse(quotedAt)) / 1000;
  if (ageSeconds === null || ageSeconds > freshness.maxAgeSeconds)
    throw new PaymentRefused({
      code: 'STALE_PRICE',
      currency,
      quotedAt,
      maxAgeSeconds: freshness.maxAgeSeconds,
    });
  const disagreement = live === null ? null : live.priceDisagreement(currency.code);
  if (disagreement !== null) throw new PaymentRefused({ code: 'PRICES_DISAGREE', currency, disagreement });
}

/** payer amount = converted price − discount + the payer's share of the network fee, rounded up. */
function priceToPay(
  rates: RatesSnapshot,
  request: PaymentRequestTerms,
  price: Currency,
  pay: CryptoCurrency,
): { payAmount: Amount; discount: Amount } {
  // Exact, within the coin's decimals: the money parser refused anything else.
  if (request.fixedPayAmount) return { payAmount: String(request.fixedPayAmount), discount: '0' };
  const converted = rates.payAmountFor(request.priceAmount, price.code, pay.code);
  const discountPercent = request.discountPercent ?? '0';
  const payerFeePercent = request.payerFeePercent ?? '0';
  // Most requests carry neither: `converted` is already rounded up to the coin's decimals, and the
  // five decimal operations below would give it back unchanged.
  if (discountPercent === '0' && payerFeePercent === '0') return { payAmount: converted, discount: '0' };
  const discount = roundDown(percentOf(converted, discountPercent), pay.decimals);
  const feeShare = percentOf(networkFeeOf(pay), payerFeePercent);
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
