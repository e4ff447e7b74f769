import type { Cache } from '@gw/cache';
import { parsePositiveAmount, type PriceFeed, type PriceSnapshot } from '@gw/pricing';
import { RATES_SNAPSHOT_KEY } from '@gw/application';

export class InvalidPriceSnapshotError extends Error {
  override readonly name = 'InvalidPriceSnapshotError';
}

/**
 * Takes a snapshot from the price feed and publishes it where every service's CachedRatesSource reads
 * it. A snapshot with a price that is not a positive decimal is refused before it is published, so the
 * last good snapshot stays in place instead of breaking every conversion.
 */
export async function refreshRates(feed: PriceFeed, cache: Cache): Promise<PriceSnapshot> {
  const snapshot = await feed.snapshot();
  assertUsable(snapshot);
  await cache.set(RATES_SNAPSHOT_KEY, JSON.stringify(snapshot));
  return snapshot;
}

/** The snapshot every service converts with now; null before the first refresh. */
export async function publishedSnapshot(cache: Cache): Promise<PriceSnapshot | null> {
  const raw = await cache.get(RATES_SNAPSHOT_KEY);
  return raw ? (JSON.parse(raw) as PriceSnapshot) : null;
}

function assertUsable(snapshot: PriceSnapshot): void {
  const prices = Object.entries(snapshot.pricesUsd);
  if (prices.length === 0)
    throw new InvalidPriceSnapshotError(`the ${snapshot.source} feed returned no prices`);
  for (const [code, price] of prices) {
    try {
      parsePositiveAmount(price);
    } catch (error) {
      throw new InvalidPriceSnapshotError(`the ${snapshot.source} feed priced ${code} at "${price}"`, {
        cause: error,
      });
    }
  }
}
