import type { CryptoCurrency } from '@gw/pricing';

/**
 * What a request names the payer's coin by: one catalogue listing (a code, or an alias), or the listings of
 * one symbol in order of preference, when the request names the symbol without a network ("USDT": Tron,
 * Ethereum, BSC, ... are all USDT). Admission takes the first listing the merchant accepts.
 */
export type NamedPayCoin = string | PayListings;

/** A symbol's listings, the family's default first; never empty. */
export type PayListings = readonly [string, ...string[]];

/**
 * The listings a coin named by its symbol alone may be paid in, in a fixed order: `preferred` (the listing
 * the family resolves the symbol to, e.g. Tron for USDT), then the symbol's other listings in catalogue
 * order. Every listing of a symbol has the same price, so any of them prices the request alike.
 */
export function listingsOfSymbol(
  catalogue: { cryptoCurrencies(): readonly CryptoCurrency[] },
  preferred: Pick<CryptoCurrency, 'code' | 'ticker'>,
): PayListings {
  const others = catalogue
    .cryptoCurrencies()
    .filter((coin) => coin.ticker === preferred.ticker && coin.code !== preferred.code)
    .map((coin) => coin.code);
  return [preferred.code, ...others];
}
