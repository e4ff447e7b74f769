import type { Catalogue } from './currency';
import { curatedCatalogue } from './catalogue';

/**
 * USD prices at one moment, keyed by lowercase currency code, as decimal strings.
 * Plain data, so a snapshot can travel inside a command and make a decision replayable.
 */
export interface PriceSnapshot {
  source: string;
  takenAt: string;
  pricesUsd: Readonly<Record<string, string>>;
}

/** Where prices come from: the curated catalogue now, a live market feed behind the same port later. */
export interface PriceFeed {
  snapshot(): Promise<PriceSnapshot>;
}

export class CuratedPriceFeed implements PriceFeed {
  private readonly prices: PriceSnapshot;

  constructor(catalogue: Catalogue = curatedCatalogue) {
    const pricesUsd: Record<string, string> = {};
    for (const currency of [...catalogue.cryptoCurrencies, ...catalogue.fiatCurrencies]) {
      pricesUsd[currency.code] = currency.priceUsd;
    }
    this.prices = { source: 'curated', takenAt: catalogue.pricedAt, pricesUsd };
  }

  async snapshot(): Promise<PriceSnapshot> {
    return this.prices;
  }
}
