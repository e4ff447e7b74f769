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
  /**
   * When the source last updated each price (ISO 8601), where the source says and it is earlier than
   * `takenAt`: a live source can serve a price it has not updated for a while.
   */
  quotedAt?: Readonly<Record<string, string>>;
  /**
   * Currencies whose fresh sources disagree beyond the spread limit: `pricesUsd` holds their median,
   * but no real money is asked on it.
   */
  disagreements?: Readonly<Record<string, PriceDisagreement>>;
}

/**
 * Fresh sources priced one currency too far apart to trust any of them, or too few of them priced it
 * (fewer than PRICE_MIN_SOURCES) for their price to be checked against another.
 */
export interface PriceDisagreement {
  /** (highest − lowest) / median, in percent, as a decimal string. */
  spreadPercent: string;
  /** PRICE_SPREAD_LIMIT_PERCENT when the prices were combined. */
  limitPercent: string;
  /** Each fresh source's USD price. */
  quotes: Readonly<Record<string, string>>;
  /** PRICE_MIN_SOURCES, set when fewer fresh sources than it quoted the currency (whatever their spread). */
  minSources?: number;
}

/** Where prices come from: the curated catalogue (the sandbox), or a live market source. */
export interface PriceFeed {
  /** Rejects with {@link PriceSourceError} when the source is down, slow or answers nonsense. */
  snapshot(): Promise<PriceSnapshot>;
}

/** A price source failed to give a usable snapshot; the last published one stays in place. */
export class PriceSourceError extends Error {
  override readonly name = 'PriceSourceError';
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
