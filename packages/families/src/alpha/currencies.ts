import { listingsOfSymbol, type NamedPayCoin } from '@gw/domain';
import type { CryptoCurrency, Currency, RatesService } from '@gw/pricing';

/** Upstream network names where they differ from the catalogue's network codes. */
const ALPHA_NETWORK_NAMES: Readonly<Record<string, string>> = {
  trx: 'tron',
  matic: 'polygon',
  avaxc: 'avalanche',
  op: 'optimism',
};

const CATALOGUE_NETWORK_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ALPHA_NETWORK_NAMES).map(([code, name]) => [name, code]),
);

/** The coin a fiat payment without `to_currency` opens in: buyers pick USDT on Tron most. */
export const DEFAULT_PAY_TICKER = 'usdt';
export const DEFAULT_PAY_NETWORK = 'trx';

export const alphaNetworkName = (networkCode: string): string =>
  ALPHA_NETWORK_NAMES[networkCode] ?? networkCode;

/** "tron" → "trx"; catalogue codes pass through. */
export const catalogueNetworkOf = (network: string): string => {
  const wanted = network.trim().toLowerCase();
  return CATALOGUE_NETWORK_OF[wanted] ?? wanted;
};

/** How family A names a currency: the uppercase ticker (USDT for usdttrc20, USD for usd). */
export const alphaTicker = (currency: Currency): string =>
  (currency.kind === 'crypto' ? currency.ticker : currency.code).toUpperCase();

/** The ticker of a stored currency code, or the code itself uppercased if the catalogue dropped it. */
export function tickerOfCode(rates: RatesService, code: string): string {
  return rates.isKnownCurrency(code) ? alphaTicker(rates.findCurrency(code)) : code.toUpperCase();
}

/**
 * A crypto by ticker or catalogue code, on the given network when one is named: ("USDT", "tron") →
 * usdttrc20, ("BTC", null) → btc, ("usdtbsc", null) → usdtbsc. A ticker listed on several networks
 * without a network named resolves to its Tron listing, then its native listing, then the first.
 */
export function findAlphaCrypto(
  rates: RatesService,
  symbol: string,
  network: string | null,
): CryptoCurrency | null {
  const wanted = symbol.trim().toLowerCase();
  const networkCode = network === null ? null : catalogueNetworkOf(network);
  const byCode = rates.isKnownCurrency(wanted) ? rates.findCurrency(wanted) : null;
  const direct = byCode?.kind === 'crypto' ? byCode : null;
  if (direct && (networkCode === null || direct.network === networkCode)) return direct;
  const listings = rates.cryptoCurrencies().filter((crypto) => crypto.ticker === wanted);
  if (networkCode !== null) return listings.find((crypto) => crypto.network === networkCode) ?? null;
  return (
    listings.find((crypto) => crypto.network === DEFAULT_PAY_NETWORK) ??
    listings.find((crypto) => crypto.code === crypto.ticker) ??
    listings[0] ??
    null
  );
}

/**
 * What the payer's coin named as `named` on `network` is paid in. With a network, exactly that listing;
 * a ticker without one ("USDT") names every listing of it, its {@link findAlphaCrypto} listing first, then
 * the others in catalogue order, and admission takes the first the merchant can be paid in.
 */
export function alphaPayCoin(
  named: string,
  network: string | null,
  coin: CryptoCurrency,
  rates: RatesService,
): NamedPayCoin {
  return network === null && named.trim().toLowerCase() === coin.ticker
    ? listingsOfSymbol(rates, coin)
    : coin.code;
}

/** A price currency: a fiat by code, else a crypto as {@link findAlphaCrypto} resolves it. */
export function findAlphaCurrency(
  rates: RatesService,
  symbol: string,
  network: string | null,
): Currency | null {
  const wanted = symbol.trim().toLowerCase();
  if (rates.isKnownCurrency(wanted)) {
    const currency = rates.findCurrency(wanted);
    if (currency.kind === 'fiat') return currency;
  }
  return findAlphaCrypto(rates, wanted, network);
}

/** Every network the catalogue lists, by the name family A uses and by catalogue code. */
export function isKnownAlphaNetwork(rates: RatesService, network: string): boolean {
  const code = catalogueNetworkOf(network);
  return rates.cryptoCurrencies().some((crypto) => crypto.network === code);
}
