import type { Decimal } from 'decimal.js';
import {
  type AmountInput,
  formatAmount,
  parseAmount,
  parseNonNegativeAmount,
  parsePositiveAmount,
  roundDecimal,
} from './amounts';
import { curatedCatalogue } from './catalogue';
import type { Catalogue, CryptoCurrency, Currency, FiatCurrency } from './currency';
import { precisionOf } from './currency';
import { NotACryptoCurrencyError, UnknownCurrencyError } from './errors';
import type { PriceDisagreement, PriceSnapshot } from './price-feed';

export interface MinAmount {
  currencyFrom: string;
  currencyTo: string;
  /** Smallest payment accepted, in currencyFrom, rounded up to its precision. */
  minAmount: string;
  fiatCurrency: string;
  /** minAmount's value in fiatCurrency. */
  fiatEquivalent: string;
}

const EXCHANGE_RATE_DECIMALS = 8;

/**
 * Conversions between catalogue currencies at the prices of one snapshot. Pure: no clock, no I/O.
 * A currency the snapshot does not price keeps its curated catalogue price.
 */
export class RatesService {
  private readonly cryptos: readonly CryptoCurrency[];
  private readonly fiats: readonly FiatCurrency[];
  private readonly byCode = new Map<string, Currency>();
  private readonly pricesUsd = new Map<string, Decimal>();

  constructor(
    readonly snapshot: PriceSnapshot,
    catalogue: Catalogue = curatedCatalogue,
  ) {
    const priced = <C extends Currency>(currency: C): C => ({
      ...currency,
      priceUsd: formatAmount(parsePositiveAmount(snapshot.pricesUsd[currency.code] ?? currency.priceUsd)),
    });
    this.cryptos = catalogue.cryptoCurrencies.map(priced);
    this.fiats = catalogue.fiatCurrencies.map(priced);
    for (const currency of [...this.cryptos, ...this.fiats]) {
      this.byCode.set(currency.code, currency);
      this.pricesUsd.set(currency.code, parseAmount(currency.priceUsd));
    }
    for (const crypto of this.cryptos) {
      for (const alias of crypto.aliases) if (!this.byCode.has(alias)) this.byCode.set(alias, crypto);
    }
  }

  cryptoCurrencies(): readonly CryptoCurrency[] {
    return this.cryptos;
  }

  fiatCurrencies(): readonly FiatCurrency[] {
    return this.fiats;
  }

  /**
   * When the price of a currency was quoted (ISO 8601), or null when the snapshot does not price it and
   * it converts at the curated catalogue's price.
   */
  priceQuotedAt(code: string): string | null {
    const currency = this.findCurrency(code);
    if (this.snapshot.pricesUsd[currency.code] === undefined) return null;
    return this.snapshot.quotedAt?.[currency.code] ?? this.snapshot.takenAt;
  }

  /** Why the live sources' price of a currency is not to be trusted, or null when they agree. */
  priceDisagreement(code: string): PriceDisagreement | null {
    return this.snapshot.disagreements?.[this.findCurrency(code).code] ?? null;
  }

  isKnownCurrency(code: string): boolean {
    return this.byCode.has(code.trim().toLowerCase());
  }

  /** Crypto or fiat by code or alias, case-insensitive. */
  findCurrency(code: string): Currency {
    const currency = this.byCode.get(code.trim().toLowerCase());
    if (!currency) throw new UnknownCurrencyError(code);
    return currency;
  }

  findCryptoCurrency(code: string): CryptoCurrency {
    const currency = this.findCurrency(code);
    if (currency.kind !== 'crypto') throw new NotACryptoCurrencyError(currency.code);
    return currency;
  }

  /** `amount` of `from` expressed in `to`, rounded half-up to `to`'s precision. */
  estimate(amount: AmountInput, from: string, to: string): string {
    const target = this.findCurrency(to);
    const converted = this.convert(parseNonNegativeAmount(amount), this.findCurrency(from), target);
    return formatAmount(roundDecimal(converted, precisionOf(target), 'half-up'));
  }

  /** How many units of `to` one unit of `from` buys, with 8 decimals. */
  exchangeRate(from: string, to: string): string {
    const rate = this.priceOf(this.findCurrency(from)).dividedBy(this.priceOf(this.findCurrency(to)));
    return roundDecimal(rate, EXCHANGE_RATE_DECIMALS, 'half-up').toFixed(EXCHANGE_RATE_DECIMALS);
  }

  /**
   * What the buyer must send in `payCurrency` to settle `priceAmount` of `priceCurrency`,
   * rounded up so that rounding never leaves the merchant short.
   */
  payAmountFor(priceAmount: AmountInput, priceCurrency: string, payCurrency: string): string {
    const pay = this.findCryptoCurrency(payCurrency);
    const converted = this.convert(parsePositiveAmount(priceAmount), this.findCurrency(priceCurrency), pay);
    return formatAmount(roundDecimal(converted, pay.decimals, 'up'));
  }

  /**
   * The smallest payment from `from` to `to`: the larger of the two coins' minimums, expressed in
   * `from` and rounded up, with its value in `fiat`.
   */
  minAmount(from: string, to: string, fiat = 'usd'): MinAmount {
    const source = this.findCurrency(from);
    const target = this.findCurrency(to);
    const fiatCurrency = this.findCurrency(fiat);
    const minimumsUsd = [source, target]
      .filter((currency): currency is CryptoCurrency => currency.kind === 'crypto')
      .map((crypto) => parseAmount(crypto.minAmountUsd));
    if (minimumsUsd.length === 0) throw new NotACryptoCurrencyError(target.code);
    const minUsd = minimumsUsd.reduce((larger, minimum) => (minimum.greaterThan(larger) ? minimum : larger));
    const minAmount = roundDecimal(minUsd.dividedBy(this.priceOf(source)), precisionOf(source), 'up');
    const fiatEquivalent = roundDecimal(
      this.convert(minAmount, source, fiatCurrency),
      precisionOf(fiatCurrency),
      'half-up',
    );
    return {
      currencyFrom: source.code,
      currencyTo: target.code,
      minAmount: formatAmount(minAmount),
      fiatCurrency: fiatCurrency.code,
      fiatEquivalent: formatAmount(fiatEquivalent),
    };
  }

  private convert(amount: Decimal, from: Currency, to: Currency): Decimal {
    if (from.code === to.code) return amount;
    return amount.times(this.priceOf(from)).dividedBy(this.priceOf(to));
  }

  private priceOf(currency: Currency): Decimal {
    const price = this.pricesUsd.get(currency.code);
    if (!price) throw new UnknownCurrencyError(currency.code);
    return price;
  }
}
