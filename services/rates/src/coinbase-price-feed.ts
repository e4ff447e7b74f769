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

export interface CoinbasePriceFeedOptions {
  /** `https://api.coinbase.com`, or a stand-in. */
  baseUrl: string;
  timeoutMs: number;
  clock: Clock;
  catalogue?: Catalogue;
}

const SIGNIFICANT_DIGITS = 12;

/**
 * Live USD prices from Coinbase's public, keyless `GET /v2/exchange-rates?currency=USD`
 * (https://docs.cdp.coinbase.com/coinbase-app/track-apis/exchange-rates): `{ "data": { "currency":
 * "USD", "rates": { "BTC": "0.0000109…", "EUR": "0.86…", … } } }`, how many units of each currency one
 * dollar buys, crypto and fiat alike, as decimal strings. A price is the inverse of its rate. A
 * currency Coinbase does not list is left out. Coinbase does not date its rates.
 */
export class CoinbasePriceFeed implements PriceFeed {
  private readonly catalogue: Catalogue;

  constructor(private readonly options: CoinbasePriceFeedOptions) {
    this.catalogue = options.catalogue ?? curatedCatalogue;
  }

  async snapshot(): Promise<PriceSnapshot> {
    const body = await fetchJson(`${this.options.baseUrl}/v2/exchange-rates?currency=USD`, {
      source: 'Coinbase',
      timeoutMs: this.options.timeoutMs,
    });
    if (!isRecord(body) || !isRecord(body.data) || !isRecord(body.data.rates))
      throw new PriceSourceError('Coinbase answered JSON that is not an exchange-rates answer');
    if (body.data.currency !== 'USD')
      throw new PriceSourceError(`Coinbase answered rates of ${String(body.data.currency)}, not of USD`);
    return this.snapshotOf(body.data.rates, this.options.clock.now());
  }

  private snapshotOf(rates: Record<string, unknown>, now: Date): PriceSnapshot {
    const pricesUsd: Record<string, string> = { usd: '1' };
    const quote = (code: string, symbol: string) => {
      const rate = rates[symbol];
      if (typeof rate !== 'string') return;
      try {
        const price = parsePositiveAmount(rate).pow(-1).toSignificantDigits(SIGNIFICANT_DIGITS);
        pricesUsd[code] = formatAmount(price);
      } catch {
        // Not a positive decimal: the currency is left out, as one Coinbase does not list.
      }
    };
    for (const coin of this.catalogue.cryptoCurrencies) quote(coin.code, coin.ticker.toUpperCase());
    for (const fiat of this.catalogue.fiatCurrencies)
      if (fiat.code !== 'usd') quote(fiat.code, fiat.code.toUpperCase());
    if (Object.keys(pricesUsd).length === 1)
      throw new PriceSourceError('Coinbase priced none of the catalogue currencies');
    return { source: 'coinbase', takenAt: now.toISOString(), pricesUsd };
  }
}
