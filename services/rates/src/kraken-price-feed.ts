import type { Clock } from '@gw/platform';
import {
  curatedCatalogue,
  formatAmount,
  parsePositiveAmount,
  PriceSourceError,
  type Catalogue,
  type PriceFeed,
  type PriceSnapshot,
} from '@gw/pricing';
import { fetchJson, isRecord } from './fetch-json';

export interface KrakenPriceFeedOptions {
  /** `https://api.kraken.com`, or a stand-in. */
  baseUrl: string;
  timeoutMs: number;
  clock: Clock;
  catalogue?: Catalogue;
}

/** Kraken's asset code where it is not the catalogue ticker in capitals. */
const KRAKEN_ASSETS: Readonly<Record<string, string>> = { btc: 'XBT', doge: 'XDG' };

/**
 * The names a pair of `base` priced in `quote` takes in Kraken's answer: its older assets carry an X
 * (crypto) or Z (fiat) prefix (`XXBTZUSD`, `XETHZUSD`, `ZEURZUSD`, `ZUSDZJPY`), newer ones none
 * (`SOLUSD`), and some only the quote's (`USDTZUSD`).
 */
function pairNames(base: string, quote: string): string[] {
  return [`${base}${quote}`, `X${base}Z${quote}`, `Z${base}Z${quote}`, `${base}Z${quote}`];
}

const SIGNIFICANT_DIGITS = 12;

type Decimal = ReturnType<typeof parsePositiveAmount>;

/**
 * Live USD prices from Kraken's public, keyless `GET /0/public/Ticker` with no `pair` (every tradeable
 * pair in one request; https://docs.kraken.com/api-reference/market-data/get-ticker-information):
 * `{ "error": [], "result": { "<pair>": { "c": ["<last trade price>", "<lot volume>"], … } } }`.
 * A coin is priced from its USD pair's last trade; a fiat from its pair with USD, either way round.
 * A currency Kraken does not trade against USD is left out. Kraken does not date its tickers.
 */
export class KrakenPriceFeed implements PriceFeed {
  private readonly catalogue: Catalogue;

  constructor(private readonly options: KrakenPriceFeedOptions) {
    this.catalogue = options.catalogue ?? curatedCatalogue;
  }

  async snapshot(): Promise<PriceSnapshot> {
    const body = await fetchJson(`${this.options.baseUrl}/0/public/Ticker`, {
      source: 'Kraken',
      timeoutMs: this.options.timeoutMs,
    });
    if (!isRecord(body) || !Array.isArray(body.error) || !isRecord(body.result))
      throw new PriceSourceError('Kraken answered JSON that is not a ticker answer');
    if (body.error.length > 0) throw new PriceSourceError(`Kraken answered ${body.error.join('; ')}`);
    return this.snapshotOf(body.result, this.options.clock.now());
  }

  private snapshotOf(tickers: Record<string, unknown>, now: Date): PriceSnapshot {
    const lastPrice = (names: string[]): Decimal | null => {
      for (const name of names) {
        const price = lastTradeOf(tickers[name]);
        if (price !== null) return price;
      }
      return null;
    };
    const pricesUsd: Record<string, string> = { usd: '1' };
    for (const coin of this.catalogue.cryptoCurrencies) {
      const asset = KRAKEN_ASSETS[coin.ticker] ?? coin.ticker.toUpperCase();
      const price = lastPrice(pairNames(asset, 'USD'));
      if (price !== null) pricesUsd[coin.code] = formatAmount(price);
    }
    for (const fiat of this.catalogue.fiatCurrencies) {
      if (fiat.code === 'usd') continue;
      const code = fiat.code.toUpperCase();
      const inUsd = lastPrice(pairNames(code, 'USD'));
      const usdIn = inUsd === null ? lastPrice(pairNames('USD', code)) : null;
      const price = inUsd ?? (usdIn === null ? null : usdIn.pow(-1).toSignificantDigits(SIGNIFICANT_DIGITS));
      if (price !== null) pricesUsd[fiat.code] = formatAmount(price);
    }
    if (Object.keys(pricesUsd).length === 1)
      throw new PriceSourceError('Kraken priced none of the catalogue currencies');
    return { source: 'kraken', takenAt: now.toISOString(), pricesUsd };
  }
}

function lastTradeOf(ticker: unknown): Decimal | null {
  if (!isRecord(ticker) || !Array.isArray(ticker.c) || typeof ticker.c[0] !== 'string') return null;
  try {
    return parsePositiveAmount(ticker.c[0]);
  } catch {
    return null;
  }
}
