import type { Decimal } from 'decimal.js';
import { formatAmount, parseAmount, parsePositiveAmount } from './amounts';
import { PriceSourceError, type PriceDisagreement, type PriceSnapshot } from './price-feed';

export interface CombinePricesOptions {
  now: Date;
  /** PRICE_MAX_AGE_SECONDS: a quote older than this does not count as fresh. */
  maxAgeSeconds: number;
  /** PRICE_SPREAD_LIMIT_PERCENT: fresh quotes further apart than this, relative to their median, disagree. */
  spreadLimitPercent: string;
  /**
   * PRICE_MIN_SOURCES: fewer fresh quotes than this leave the currency unchecked, recorded as a
   * disagreement (no real money asked on it); 1, the default, prices on any one source.
   */
  minSources?: number;
}

/** One source's quote of one currency. */
interface Quote {
  source: string;
  priceUsd: Decimal;
  quotedAt: string;
}

const SIGNIFICANT_DIGITS = 12;

/**
 * One snapshot from the snapshots the sources answered with this round. Each currency is priced at the
 * median of its fresh quotes (younger than the age limit), dated by the oldest of them; a currency no
 * source quotes freshly keeps its newest quote, so it reads as stale with that quote's date. Fresh
 * quotes whose spread exceeds the limit, or fewer of them than the minimum number of sources, are
 * recorded as a disagreement: the median stays for display, but admission asks no real money on it.
 * Pure: the sources' I/O happened before.
 */
export function combinePrices(
  answers: readonly PriceSnapshot[],
  options: CombinePricesOptions,
): PriceSnapshot {
  if (answers.length === 0) throw new PriceSourceError('no price source answered');
  const limit = parseAmount(options.spreadLimitPercent);
  const minSources = options.minSources ?? 1;
  const oldestFresh = options.now.getTime() - options.maxAgeSeconds * 1000;
  const quotesByCode = new Map<string, Quote[]>();
  for (const answer of answers) {
    for (const [code, price] of Object.entries(answer.pricesUsd)) {
      if (code === 'usd') continue;
      const quote = {
        source: answer.source,
        priceUsd: parsePositiveAmount(price),
        quotedAt: answer.quotedAt?.[code] ?? answer.takenAt,
      };
      quotesByCode.set(code, [...(quotesByCode.get(code) ?? []), quote]);
    }
  }

  const pricesUsd: Record<string, string> = { usd: '1' };
  const quotedAt: Record<string, string> = {};
  const disagreements: Record<string, PriceDisagreement> = {};
  for (const [code, quotes] of [...quotesByCode].sort(([a], [b]) => a.localeCompare(b))) {
    const fresh = quotes.filter((quote) => Date.parse(quote.quotedAt) >= oldestFresh);
    if (fresh.length === 0) {
      const newest = quotes.reduce((a, b) => (b.quotedAt > a.quotedAt ? b : a));
      pricesUsd[code] = formatAmount(newest.priceUsd);
      quotedAt[code] = newest.quotedAt;
      continue;
    }
    const median = medianOf(fresh.map((quote) => quote.priceUsd));
    pricesUsd[code] = formatAmount(median.toSignificantDigits(SIGNIFICANT_DIGITS));
    quotedAt[code] = fresh.map((quote) => quote.quotedAt).reduce((a, b) => (b < a ? b : a));
    const spread = spreadPercentOf(fresh, median);
    const tooFew = fresh.length < minSources;
    if (tooFew || spread.greaterThan(limit))
      disagreements[code] = {
        spreadPercent: formatAmount(spread.toDecimalPlaces(2)),
        limitPercent: formatAmount(limit),
        quotes: Object.fromEntries(fresh.map((quote) => [quote.source, formatAmount(quote.priceUsd)])),
        ...(tooFew ? { minSources } : {}),
      };
  }
  return {
    source: answers.map((answer) => answer.source).join('+'),
    takenAt: options.now.toISOString(),
    pricesUsd,
    quotedAt,
    ...(Object.keys(disagreements).length > 0 ? { disagreements } : {}),
  };
}

function medianOf(prices: readonly Decimal[]): Decimal {
  const sorted = [...prices].sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : sorted[middle - 1]!.plus(sorted[middle]!).dividedBy(2);
}

function spreadPercentOf(quotes: readonly Quote[], median: Decimal): Decimal {
  const prices = quotes.map((quote) => quote.priceUsd);
  const highest = prices.reduce((a, b) => (b.greaterThan(a) ? b : a));
  const lowest = prices.reduce((a, b) => (b.lessThan(a) ? b : a));
  return highest.minus(lowest).dividedBy(median).times(100);
}
