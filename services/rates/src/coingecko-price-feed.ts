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
import { COINGECKO_IDS, COINGECKO_REFERENCE_ID, COINGECKO_VS_CURRENCIES } from './coingecko-ids';
import { fetchJson, isRecord } from './fetch-json';

export interface CoinGeckoPriceFeedOptions {
  /** `https://api.coingecko.com/api/v3`, `https://pro-api.coingecko.com/api/v3`, or a stand-in. */
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  clock: Clock;
  catalogue?: Catalogue;
}

/** One coin's entry in a `/simple/price` answer, as its documentation shows it. */
interface SimplePriceEntry {
  usd?: unknown;
  last_updated_at?: unknown;
  [vsCurrency: string]: unknown;
}

/**
 * Live USD prices from CoinGecko's `/simple/price` (one request for every catalogue coin and fiat).
 * Fiat prices are the reference coin's USD price over its price in that fiat. A coin CoinGecko does
 * not answer for, or answers with something other than a positive number, is left out of the
 * snapshot: it converts at the catalogue price and admission refuses real money in it.
 */
export class CoinGeckoPriceFeed implements PriceFeed {
  private readonly catalogue: Catalogue;
  private readonly url: string;

  constructor(private readonly options: CoinGeckoPriceFeedOptions) {
    this.catalogue = options.catalogue ?? curatedCatalogue;
    const ids = [
      ...new Set(this.catalogue.cryptoCurrencies.flatMap((coin) => COINGECKO_IDS[coin.ticker] ?? [])),
    ];
    const vsCurrencies = this.catalogue.fiatCurrencies
      .map((fiat) => fiat.code)
      .filter((code) => COINGECKO_VS_CURRENCIES.has(code));
    const query = new URLSearchParams({
      ids: [...new Set([COINGECKO_REFERENCE_ID, ...ids])].join(','),
      vs_currencies: vsCurrencies.join(','),
      include_last_updated_at: 'true',
      precision: 'full',
    });
    this.url = `${options.baseUrl}/simple/price?${query.toString()}`;
  }

  async snapshot(): Promise<PriceSnapshot> {
    const body = await this.fetchPrices();
    return this.snapshotOf(body, this.options.clock.now());
  }

  private async fetchPrices(): Promise<Record<string, SimplePriceEntry>> {
    const body = await fetchJson(this.url, {
      source: 'CoinGecko',
      timeoutMs: this.options.timeoutMs,
      headers: this.headers(),
    });
    if (!isRecord(body) || !Object.values(body).every(isRecord))
      throw new PriceSourceError('CoinGecko answered JSON that is not a map of coins to prices');
    return body as Record<string, SimplePriceEntry>;
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.options.apiKey === null) return headers;
    const pro = new URL(this.options.baseUrl).hostname.startsWith('pro-api.');
    headers[pro ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] = this.options.apiKey;
    return headers;
  }

  private snapshotOf(body: Record<string, SimplePriceEntry>, now: Date): PriceSnapshot {
    const takenAt = now.toISOString();
    const pricesUsd: Record<string, string> = { usd: '1' };
    const quotedAt: Record<string, string> = {};
    const quote = (code: string, priceUsd: string, entry: SimplePriceEntry) => {
      pricesUsd[code] = priceUsd;
      const updatedAt = updatedAtOf(entry, now);
      if (updatedAt !== null) quotedAt[code] = updatedAt;
    };

    for (const coin of this.catalogue.cryptoCurrencies) {
      const entry = body[COINGECKO_IDS[coin.ticker] ?? ''];
      const priceUsd = entry && positiveDecimal(entry.usd);
      if (entry && priceUsd) quote(coin.code, priceUsd, entry);
    }
    const reference = body[COINGECKO_REFERENCE_ID];
    const referenceUsd = reference && positiveDecimal(reference.usd);
    if (reference && referenceUsd) {
      for (const fiat of this.catalogue.fiatCurrencies) {
        const inFiat = fiat.code === 'usd' ? null : positiveDecimal(reference[fiat.code]);
        if (inFiat === null) continue;
        const priceUsd = parsePositiveAmount(referenceUsd).dividedBy(inFiat).toSignificantDigits(12);
        quote(fiat.code, formatAmount(priceUsd), reference);
      }
    }
    if (Object.keys(pricesUsd).length === 1)
      throw new PriceSourceError('CoinGecko priced none of the catalogue currencies');
    return { source: 'coingecko', takenAt, pricesUsd, quotedAt };
  }
}

/** `last_updated_at` is in Unix seconds; a time after the request is the source's clock running ahead. */
function updatedAtOf(entry: SimplePriceEntry, now: Date): string | null {
  const seconds = entry.last_updated_at;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
  return new Date(Math.min(seconds * 1000, now.getTime())).toISOString();
}

function positiveDecimal(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  return formatAmount(parsePositiveAmount(value));
}
