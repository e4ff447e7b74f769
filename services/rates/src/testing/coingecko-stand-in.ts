import type { ServerResponse } from 'node:http';
import { curatedCatalogue, type Catalogue } from '@gw/pricing';
import { COINGECKO_IDS } from '../coingecko-ids';
import { PriceSourceStandIn, sendJson } from './price-source-stand-in';

export type { StandInBehaviour } from './price-source-stand-in';

export interface StandInOptions {
  /** USD price of each CoinGecko id; by default the curated catalogue's. */
  pricesUsd?: Record<string, number>;
  /** When the served prices were last updated (`last_updated_at`); by default the moment of the request. */
  updatedAt?: () => Date;
  catalogue?: Catalogue;
}

/**
 * A local stand-in for CoinGecko's `GET /api/v3/simple/price?ids=…&vs_currencies=…&include_last_updated_at=true`
 * (https://docs.coingecko.com/v3.0.1/reference/simple-price): `{ "<id>": { "<vs>": number, …,
 * "last_updated_at": unix seconds } }`. There is no internet where the tests run.
 */
export class CoinGeckoStandIn extends PriceSourceStandIn {
  private readonly pricesUsd: Record<string, number>;
  private readonly fiatUsd: Record<string, number>;

  private constructor(private readonly options: StandInOptions) {
    super();
    const catalogue = options.catalogue ?? curatedCatalogue;
    this.pricesUsd = options.pricesUsd ?? curatedPricesById(catalogue);
    this.fiatUsd = Object.fromEntries(
      catalogue.fiatCurrencies.map((fiat) => [fiat.code, Number(fiat.priceUsd)]),
    );
  }

  static async start(options: StandInOptions = {}): Promise<CoinGeckoStandIn> {
    const standIn = new CoinGeckoStandIn(options);
    await standIn.listen();
    return standIn;
  }

  /** What PRICE_SOURCE_URL names: the API's base, as `https://api.coingecko.com/api/v3`. */
  get baseUrl(): string {
    return `${this.origin}/api/v3`;
  }

  protected rateLimitedBody(): unknown {
    return { status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } };
  }

  protected answer(url: URL, res: ServerResponse): void {
    if (url.pathname !== '/api/v3/simple/price') return sendJson(res, 404, { error: 'Not found' });
    const list = (name: string) => (url.searchParams.get(name) ?? '').split(',').filter(Boolean);
    const withUpdatedAt = url.searchParams.get('include_last_updated_at') === 'true';
    const updatedAt = Math.floor((this.options.updatedAt?.() ?? new Date()).getTime() / 1000);
    const body: Record<string, Record<string, number>> = {};
    for (const id of list('ids')) {
      const usd = this.pricesUsd[id];
      if (usd === undefined) continue;
      const entry: Record<string, number> = {};
      for (const vs of list('vs_currencies')) {
        const fiatUsd = this.fiatUsd[vs];
        if (fiatUsd !== undefined) entry[vs] = usd / fiatUsd;
      }
      if (withUpdatedAt) entry.last_updated_at = updatedAt;
      body[id] = entry;
    }
    sendJson(res, 200, body);
  }
}

/** Each CoinGecko id at the catalogue's price of its first coin. */
function curatedPricesById(catalogue: Catalogue): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const coin of catalogue.cryptoCurrencies) {
    const id = COINGECKO_IDS[coin.ticker];
    if (id !== undefined && prices[id] === undefined) prices[id] = Number(coin.priceUsd);
  }
  return prices;
}
