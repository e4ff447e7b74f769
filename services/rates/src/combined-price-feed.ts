import type { Clock } from '@gw/platform';
import { combinePrices, PriceSourceError, type PriceFeed, type PriceSnapshot } from '@gw/pricing';
import type { SourceOutcome } from './source-health';

export interface NamedPriceSource {
  name: string;
  feed: PriceFeed;
}

export interface CombinedPriceFeedOptions {
  clock: Clock;
  maxAgeSeconds: number;
  spreadLimitPercent: string;
  /** PRICE_MIN_SOURCES: fresh quotes a currency needs for real money to be asked on it (1 if unset). */
  minSources?: number;
  /** Told how every source fared, after each refresh, before its snapshot is combined. */
  onOutcomes?(outcomes: readonly SourceOutcome[], at: Date): Promise<void>;
}

/**
 * Asks every source at once and combines what the ones that answered in time said (each source's
 * own timeout bounds the wait): one source down or slow costs nothing while another answers. When
 * none answers it fails, and the last published prices stay until they are too old.
 */
export class CombinedPriceFeed implements PriceFeed {
  constructor(
    private readonly sources: readonly NamedPriceSource[],
    private readonly options: CombinedPriceFeedOptions,
  ) {
    if (sources.length === 0) throw new Error('a combined price feed needs at least one source');
  }

  async snapshot(): Promise<PriceSnapshot> {
    const settled = await Promise.allSettled(this.sources.map((source) => source.feed.snapshot()));
    const now = this.options.clock.now();
    const outcomes = settled.map((result, index) => ({
      source: this.sources[index]!.name,
      error: result.status === 'fulfilled' ? null : messageOf(result.reason),
    }));
    await this.options.onOutcomes?.(outcomes, now);
    const answers = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (answers.length === 0)
      throw new PriceSourceError(
        `no price source answered: ${outcomes.map(({ source, error }) => `${source}: ${error}`).join('; ')}`,
      );
    return combinePrices(answers, {
      now,
      maxAgeSeconds: this.options.maxAgeSeconds,
      spreadLimitPercent: this.options.spreadLimitPercent,
      minSources: this.options.minSources,
    });
  }
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
