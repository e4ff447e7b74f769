import type { Cache } from '@gw/cache';

/** How one price source fared in one refresh: null, or what went wrong. */
export interface SourceOutcome {
  source: string;
  error: string | null;
}

/** A price source's record across refreshes, shared by every replica through the cache. */
export interface SourceHealth {
  source: string;
  /** It answered usable prices in the last refresh. */
  up: boolean;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** Failed refreshes since the record began, whichever replica ran them. */
  failuresTotal: number;
  consecutiveFailures: number;
  lastError: string | null;
}

export const RATES_SOURCES_HEALTH_KEY = 'rates:sources';

/** The records after one refresh's outcomes; a source no longer asked drops out. Pure. */
export function nextHealth(
  previous: readonly SourceHealth[],
  outcomes: readonly SourceOutcome[],
  at: Date,
): SourceHealth[] {
  return outcomes.map(({ source, error }) => {
    const before = previous.find((record) => record.source === source);
    if (error === null)
      return {
        source,
        up: true,
        lastSuccessAt: at.toISOString(),
        lastFailureAt: before?.lastFailureAt ?? null,
        failuresTotal: before?.failuresTotal ?? 0,
        consecutiveFailures: 0,
        lastError: before?.lastError ?? null,
      };
    return {
      source,
      up: false,
      lastSuccessAt: before?.lastSuccessAt ?? null,
      lastFailureAt: at.toISOString(),
      failuresTotal: (before?.failuresTotal ?? 0) + 1,
      consecutiveFailures: (before?.consecutiveFailures ?? 0) + 1,
      lastError: error,
    };
  });
}

/** The sources' records as the last refresh left them; empty before the first. */
export async function publishedSourceHealth(cache: Cache): Promise<SourceHealth[]> {
  const raw = await cache.get(RATES_SOURCES_HEALTH_KEY);
  return raw ? (JSON.parse(raw) as SourceHealth[]) : [];
}

export async function recordSourceOutcomes(
  cache: Cache,
  outcomes: readonly SourceOutcome[],
  at: Date,
): Promise<SourceHealth[]> {
  const health = nextHealth(await publishedSourceHealth(cache), outcomes, at);
  await cache.set(RATES_SOURCES_HEALTH_KEY, JSON.stringify(health));
  return health;
}
