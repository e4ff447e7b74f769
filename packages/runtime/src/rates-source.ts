import type { Cache } from '@gw/cache';
import { RatesService, type PriceSnapshot } from '@gw/rates';

export const RATES_SNAPSHOT_KEY = 'rates:snapshot';
const REFRESH_MS = 30_000;

/** The rates every service converts with: the latest snapshot the rates service published. */
export interface RatesSource {
  current(): RatesService;
}

/**
 * Reads the snapshot the rates service keeps in the cache, at most every 30 s, and falls back to the
 * curated snapshot it was built with while none is published.
 */
export class CachedRatesSource implements RatesSource {
  private service: RatesService;
  private refreshedAt = 0;
  private refreshing = false;

  constructor(
    private readonly cache: Cache,
    fallback: PriceSnapshot,
  ) {
    this.service = new RatesService(fallback);
  }

  current(): RatesService {
    if (Date.now() - this.refreshedAt > REFRESH_MS) void this.refresh();
    return this.service;
  }

  async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    this.refreshedAt = Date.now();
    try {
      const raw = await this.cache.get(RATES_SNAPSHOT_KEY);
      if (raw) this.service = new RatesService(JSON.parse(raw) as PriceSnapshot);
    } catch {
      // Keep converting with the last good snapshot; the next refresh tries again.
    } finally {
      this.refreshing = false;
    }
  }
}
