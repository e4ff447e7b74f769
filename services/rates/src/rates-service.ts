import { randomUUID } from 'node:crypto';
import { CuratedPriceFeed, type PriceFeed, type PriceSnapshot } from '@gw/rates';
import type { Service, ServiceContext } from '@gw/runtime';
import { LeasedLoop } from '@gw/runtime';
import { refreshRates } from './rates-refresh';

export const RATES_LEASE = 'rates';

export interface RatesRefreshOptions {
  /** Where prices come from. Default: the curated catalogue's snapshot. */
  feed?: PriceFeed;
  /** Pause between refreshes. Default 5 minutes. */
  intervalMs?: number;
  /** How long the lease outlives a silent holder before another replica takes over. Default 2 intervals. */
  leaseTtlMs?: number;
  instanceId?: string;
}

export interface RatesRefreshService extends Service {
  /** One refresh now; null when another replica holds the lease. */
  runOnce(): Promise<PriceSnapshot | null>;
}

/** Keeps the shared price snapshot fresh: one replica at a time, behind the `rates` lease. */
export function createRatesService(
  ctx: ServiceContext,
  options: RatesRefreshOptions = {},
): RatesRefreshService {
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const feed = options.feed ?? new CuratedPriceFeed();
  const logger = ctx.logger.child({ service: 'rates' });
  const loop = new LeasedLoop(
    ctx.cache,
    logger,
    {
      lease: RATES_LEASE,
      owner: options.instanceId ?? randomUUID(),
      intervalMs,
      leaseTtlMs: options.leaseTtlMs ?? 2 * intervalMs,
    },
    async () => {
      const snapshot = await refreshRates(feed, ctx.cache);
      logger.debug({ source: snapshot.source, takenAt: snapshot.takenAt }, 'rates refreshed');
      return snapshot;
    },
  );
  return {
    name: 'rates',
    async start() {
      loop.start();
    },
    stop: () => loop.stop(),
    runOnce: () => loop.runOnce(),
  };
}
