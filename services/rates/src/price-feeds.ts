import type { Cache } from '@gw/cache';
import type { Clock, Logger, PricesConfig, PriceSourceName } from '@gw/platform';
import type { PriceFeed } from '@gw/pricing';
import { CoinbasePriceFeed } from './coinbase-price-feed';
import { CoinGeckoPriceFeed } from './coingecko-price-feed';
import { CombinedPriceFeed, type NamedPriceSource } from './combined-price-feed';
import { KrakenPriceFeed } from './kraken-price-feed';
import { recordSourceOutcomes } from './source-health';

/**
 * The live feed the configuration names: its sources combined, each one's health recorded in the
 * cache after every refresh and each failure logged as a warning (the others price payments
 * meanwhile; all of them failing is the refresh's own error); or none (`curated`: every process carries the catalogue's fixed
 * snapshot, so there is nothing to fetch or publish).
 */
export function priceFeedOf(
  prices: PricesConfig,
  clock: Clock,
  cache: Cache,
  logger: Logger,
): PriceFeed | null {
  if (prices.feed === 'curated') return null;
  return new CombinedPriceFeed(
    prices.sources.map((name) => priceSourceOf(name, prices, clock)),
    {
      clock,
      maxAgeSeconds: prices.maxAgeSeconds,
      spreadLimitPercent: prices.spreadLimitPercent,
      minSources: prices.minSources,
      onOutcomes: async (outcomes, at) => {
        const health = await recordSourceOutcomes(cache, outcomes, at);
        for (const { source, up, lastError, consecutiveFailures, lastSuccessAt } of health)
          if (!up)
            logger.warn(
              { source, error: lastError, consecutiveFailures, lastSuccessAt },
              'price source failed; the other sources price payments',
            );
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
