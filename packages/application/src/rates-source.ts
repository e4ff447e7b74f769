import type { Cache } from '@gw/cache';
import { RatesService, type PriceSnapshot } from '@gw/pricing';

export const RATES_SNAPSHOT_KEY = 'rates:snapshot';

/**
 * The rates every service converts with: the live prices the rates service last published, and the
 * catalogue's fixed snapshot every process carries.
 */
export interface RatesSource {
  /** What reads convert with: the live prices where a live source has answered, else the fixed snapshot. */
  current(): RatesService;
  /** The live source's last published prices; null where none runs or before its first answer. */
  live(): RatesService | null;
  /** The catalogue's fixed snapshot: the prices of test payments. */
  fixed(): RatesService;
  /** Reads the published snapshot now (at start, so the first answer already uses it). */
  refresh(): Promise<void>;
}

/**
 * Reads the live snapshot the rates service keeps in the cache, at most every `refreshMs`; `fixed` is
 * the catalogue's snapshot, the same in every process.
 */
export class CachedRatesSource implements RatesSource {
  private readonly fixedRates: RatesService;
  private liveRates: RatesService | null = null;
  private refreshedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly cache: Cache,
    fixed: PriceSnapshot,
    private readonly refreshMs = 30_000,
  ) {
    this.fixedRates = new RatesService(fixed);
  }

  current(): RatesService {
    return this.live() ?? this.fixedRates;
  }

  live(): RatesService | null {
    // How often this process looks at the cache, on the machine's time: I/O pacing, not a business rule.
    if (Date.now() - this.refreshedAt > this.refreshMs) void this.refresh();
    return this.liveRates;
  }

  fixed(): RatesService {
    return this.fixedRates;
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
      if (raw) this.liveRates = new RatesService(JSON.parse(raw) as PriceSnapshot);
    } catch {
      // Keep converting with the last good snapshot; the next refresh tries again.
    }
  }
}
