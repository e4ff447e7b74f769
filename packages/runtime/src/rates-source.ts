import type { Cache } from '@gw/cache';
import { RatesService, type PriceSnapshot } from '@gw/rates';

export const RATES_SNAPSHOT_KEY = 'rates:snapshot';

/** The rates every service converts with: the latest snapshot the rates service published. */
export interface RatesSource {
  current(): RatesService;
  /** Reads the published snapshot now (at start, so the first answer already uses it). */
  refresh(): Promise<void>;
}

/**
 * Reads the snapshot the rates service keeps in the cache, at most every `refreshMs`, and converts
 * with `fallback` while none is published.
 */
export class CachedRatesSource implements RatesSource {
  private service: RatesService;
  private refreshedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly cache: Cache,
    fallback: PriceSnapshot,
    private readonly refreshMs = 30_000,
  ) {
    this.service = new RatesService(fallback);
  }

  current(): RatesService {
    // How often this process looks at the cache, on the machine's time: I/O pacing, not a business rule.
    if (Date.now() - this.refreshedAt > this.refreshMs) void this.refresh();
    return this.service;
  }

  refresh(): Promise<void> {
    this.refreshing ??= this.read().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async read(): Promise<void> {
    this.refreshedAt = Date.now();
    try {
      const raw = await this.cache.get(RATES_SNAPSHOT_KEY);
      if (raw) this.service = new RatesService(JSON.parse(raw) as PriceSnapshot);
    } catch {
      // Keep converting with the last good snapshot; the next refresh tries again.
    }
  }
}
