import type { PriceSourceName } from '@gw/platform';
import { CoinbaseStandIn } from './coinbase-stand-in';
import { CoinGeckoStandIn } from './coingecko-stand-in';
import { KrakenStandIn } from './kraken-stand-in';
import type { PriceSourceStandIn } from './price-source-stand-in';

/** The variable naming each source's base URL. */
export const PRICE_SOURCE_URL_VARIABLES: Readonly<Record<PriceSourceName, string>> = {
  coingecko: 'PRICE_SOURCE_URL',
  kraken: 'PRICE_KRAKEN_URL',
  coinbase: 'PRICE_COINBASE_URL',
};

/** A source's stand-in serving the catalogue prices, always current, with the base URL to configure. */
export async function startStandInFor(
  source: PriceSourceName,
): Promise<{ standIn: PriceSourceStandIn; baseUrl: string }> {
  switch (source) {
    case 'coingecko': {
      const standIn = await CoinGeckoStandIn.start();
      return { standIn, baseUrl: standIn.baseUrl };
    }
    case 'kraken': {
      const standIn = await KrakenStandIn.start();
      return { standIn, baseUrl: standIn.baseUrl };
    }
    case 'coinbase': {
      const standIn = await CoinbaseStandIn.start();
      return { standIn, baseUrl: standIn.baseUrl };
    }
  }
}
