import type { Clock, PricesConfig } from '@gw/platform';
import type { PriceFeed } from '@gw/rates';
import { CoinGeckoPriceFeed } from './coingecko-price-feed';

/**
 * The live feed the configuration names: CoinGecko's prices, or none (`curated`: every process
 * carries the catalogue's fixed snapshot, so there is nothing to fetch or publish).
 */
export function priceFeedOf(prices: PricesConfig, clock: Clock): PriceFeed | null {
  switch (prices.feed) {
    case 'curated':
      return null;
    case 'coingecko':
      return new CoinGeckoPriceFeed({
        baseUrl: prices.sourceUrl,
        apiKey: prices.apiKey,
        timeoutMs: prices.timeoutMs,
        clock,
      });
  }
}
