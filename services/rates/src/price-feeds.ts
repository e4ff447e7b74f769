import type { Cache } from '@gw/cache';
import type { Clock, PricesConfig, PriceSourceName } from '@gw/platform';
import type { PriceFeed } from '@gw/rates';
import { CoinbasePriceFeed } from './coinbase-price-feed';
import { CoinGeckoPriceFeed } from './coingecko-price-feed';
import { CombinedPriceFeed, type NamedPriceSource } from './combined-price-feed';
import { KrakenPriceFeed } from './kraken-price-feed';
import { recordSourceOutcomes } from './source-health';

/**
 * The live feed the configuration names: its sources combined, each one's health recorded in the
 * cache after every refresh; or none (`curated`: every process carries the catalogue's fixed
 * snapshot, so there is nothing to fetch or publish).
 */
export function priceFeedOf(prices: PricesConfig, clock: Clock, cache: Cache): PriceFeed | null {
  if (prices.feed === 'curated') return null;
  return new CombinedPriceFeed(
    prices.sources.map((name) => priceSourceOf(name, prices, clock)),
    {
      clock,
      maxAgeSeconds: prices.maxAgeSeconds,
      spreadLimitPercent: prices.spreadLimitPercent,
      onOutcomes: async (outcomes, at) => {
        await recordSourceOutcomes(cache, outcomes, at);
      },
    },
  );
}

function priceSourceOf(name: PriceSourceName, prices: PricesConfig, clock: Clock): NamedPriceSource {
  const { timeoutMs } = prices;
  switch (name) {
    case 'coingecko':
      return {
        name,
        feed: new CoinGeckoPriceFeed({ baseUrl: prices.sourceUrl, apiKey: prices.apiKey, timeoutMs, clock }),
      };
    case 'kraken':
      return { name, feed: new KrakenPriceFeed({ baseUrl: prices.krakenUrl, timeoutMs, clock }) };
    case 'coinbase':
      return { name, feed: new CoinbasePriceFeed({ baseUrl: prices.coinbaseUrl, timeoutMs, clock }) };
  }
}
