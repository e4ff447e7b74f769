import type { Clock, PricesConfig } from '@gw/platform';
import { CuratedPriceFeed, type PriceFeed } from '@gw/rates';
import { CoinGeckoPriceFeed } from './coingecko-price-feed';

/** The feed the configuration names: the catalogue's fixed snapshot, or CoinGecko's live prices. */
export function priceFeedOf(prices: PricesConfig, clock: Clock): PriceFeed {
  switch (prices.feed) {
    case 'curated':
      return new CuratedPriceFeed();
    case 'coingecko':
      return new CoinGeckoPriceFeed({
        baseUrl: prices.sourceUrl,
        apiKey: prices.apiKey,
        timeoutMs: prices.timeoutMs,
        clock,
      });
  }
}
