import { listingsOfSymbol, v1StatusesForBeta, type NamedPayCoin, type PaymentStatus } from '@gw/domain';
import type { CryptoCurrency, Currency, RatesService } from '@gw/pricing';

/** The coin an invoice in fiat opens in, until the hosted page lets the buyer pick another. */
export const DEFAULT_PAY_CURRENCY = 'usdttrc20';

/**
 * What an invoice in fiat opens in: the first the merchant can be paid in of USDT ({@link DEFAULT_PAY_CURRENCY},
 * then USDT's other networks in catalogue order), then every coin in catalogue order.
 */
export function betaDefaultPayCurrencies(rates: RatesService): string[] {
  const usdt = listingsOfSymbol(rates, rates.findCryptoCurrency(DEFAULT_PAY_CURRENCY));
  return [...usdt, ...rates.cryptoCurrencies().map((crypto) => crypto.code)];
}
const DEFAULT_NETWORK = 'trx';

/** Network spellings OxaPay clients use, onto catalogue network codes. */
const NETWORK_ALIASES: Readonly<Record<string, string>> = {
  tron: 'trx',
  trc20: 'trx',
  ethereum: 'eth',
  erc20: 'eth',
  bep20: 'bsc',
  'binance smart chain': 'bsc',
  polygon: 'matic',
  bitcoin: 'btc',
  litecoin: 'ltc',
  dogecoin: 'doge',
  solana: 'sol',
  avalanche: 'avaxc',
  optimism: 'op',
};

/** Family B names a currency by its uppercase symbol: USDT for usdttrc20, USD for usd. */
export const betaSymbol = (currency: Currency): string =>
  (currency.kind === 'crypto' ? currency.ticker : currency.code).toUpperCase();

export function symbolOfCode(rates: RatesService, code: string): string {
  return rates.isKnownCurrency(code) ? betaSymbol(rates.findCurrency(code)) : code.toUpperCase();
}

/** A crypto by catalogue code or symbol; a symbol on several networks means its Tron, then native, listing. */
export function findBetaCrypto(rates: RatesService, symbol: string): CryptoCurrency | null {
  const wanted = symbol.trim().toLowerCase();
  const byCode = rates.isKnownCurrency(wanted) ? rates.findCurrency(wanted) : null;
  if (byCode?.kind === 'crypto') return byCode;
  const listings = rates.cryptoCurrencies().filter((crypto) => crypto.ticker === wanted);
  return (
    listings.find((crypto) => crypto.network === DEFAULT_NETWORK) ??
    listings.find((crypto) => crypto.contractAddress === null) ??
    listings[0] ??
    null
  );
}

/**
 * What an invoice priced in a crypto is paid in. A symbol ("USDT", "usdc") names every listing of it, its
 * {@link findBetaCrypto} listing first, then the others in catalogue order: admission takes the first the
 * merchant can be paid in. A catalogue code that is not a symbol ("usdterc20") names that listing alone.
 */
export function betaPayCoin(rates: RatesService, named: string, coin: CryptoCurrency): NamedPayCoin {
  return named.trim().toLowerCase() === coin.ticker ? listingsOfSymbol(rates, coin) : coin.code;
}

export function findBetaCurrency(rates: RatesService, symbol: string): Currency | null {
  const wanted = symbol.trim().toLowerCase();
  const byCode = rates.isKnownCurrency(wanted) ? rates.findCurrency(wanted) : null;
  return byCode?.kind === 'fiat' ? byCode : findBetaCrypto(rates, wanted);
}

/** Every stored currency code a filter value stands for: one code, or all listings of a symbol. */
export function codesForSymbol(rates: RatesService, symbol: string): string[] {
  const wanted = symbol.trim().toLowerCase();
  if (rates.isKnownCurrency(wanted)) return [rates.findCurrency(wanted).code];
  return rates
    .cryptoCurrencies()
    .filter((crypto) => crypto.ticker === wanted)
    .map((crypto) => crypto.code);
}

/** Catalogue network codes a filter value names: by code, by name, or by a common alias (TRC20, BEP20, ...). */
export function networkCodesFor(rates: RatesService, value: string): string[] {
  const wanted = value.trim().toLowerCase();
  const codes = rates
    .cryptoCurrencies()
    .filter(
      (crypto) =>
        crypto.network === wanted ||
        crypto.networkName.toLowerCase() === wanted ||
        NETWORK_ALIASES[wanted] === crypto.network,
    )
    .map((crypto) => crypto.network);
  return [...new Set(codes)];
}

/** The statuses a filter value selects; legacy "confirming" is today's "paying"; new/manual_accept/refunding select none (a pending refund is the list query's own condition). */
export function statusesFor(value: string): PaymentStatus[] {
  const wanted = value.toLowerCase();
  return v1StatusesForBeta(wanted === 'confirming' ? 'paying' : wanted);
}
