import { randomUUID } from 'node:crypto';
import { RatesService, type PriceFeed, type PriceSnapshot } from '@gw/pricing';
import {
  degraded,
  leaseMetrics,
  mainnetNetworksOf,
  registerPriceAgeGauges,
  registerPriceSourceMetrics,
  type Logger,
  type PriceAge,
} from '@gw/platform';
import type { Service, ServiceContext } from '@gw/application';
import { LeasedLoop } from '@gw/application';
import { curatedCatalogue } from '@gw/pricing';
import { priceFeedOf } from './price-feeds';
import { publishedSnapshot, refreshRates } from './rates-refresh';
import { publishedSourceHealth } from './source-health';

export const RATES_LEASE = 'rates';

export interface RatesRefreshOptions {
  /** Where prices come from. Default: the configured feed (PRICE_FEED). */
  feed?: PriceFeed;
  /** Pause between refreshes. Default: PRICE_REFRESH_MS. */
  intervalMs?: number;
  /** How long the lease outlives a silent holder before another replica takes over. Default 2 intervals. */
  leaseTtlMs?: number;
  instanceId?: string;
}

export interface RatesRefreshService extends Service {
  /** One refresh now; null when another replica holds the lease. */
  runOnce(): Promise<PriceSnapshot | null>;
}

/**
 * Keeps the shared live price snapshot fresh: one replica at a time, behind the `rates` lease. A failed
 * refresh leaves the last published snapshot in place; once it is older than PRICE_MAX_AGE_SECONDS,
 * real-money payments are refused (sandbox or not), the `prices` readiness check fails and every
 * failed refresh is logged as an error. Without a live feed (PRICE_FEED=curated) it publishes nothing:
 * test payments are priced from the fixed snapshot every process carries.
 */
export function createRatesService(
  ctx: ServiceContext,
  options: RatesRefreshOptions = {},
): RatesRefreshService {
  const { prices } = ctx.config;
  const intervalMs = options.intervalMs ?? prices.refreshIntervalMs;
  const feed = options.feed ?? priceFeedOf(prices, ctx.clock, ctx.cache, ctx.logger);
  const { logger } = ctx;
  if (feed === null) return withoutLiveFeed(logger);
  const ageSecondsOf = (snapshot: PriceSnapshot) =>
    Math.round((ctx.clock.now().getTime() - Date.parse(pricesDateOf(snapshot))) / 1000);
  const isStale = (snapshot: PriceSnapshot | null) =>
    snapshot === null || ageSecondsOf(snapshot) > prices.maxAgeSeconds;

  const refresh = async (): Promise<PriceSnapshot> => {
    try {
      const snapshot = await refreshRates(feed, ctx.cache);
      logger.debug({ source: snapshot.source, takenAt: snapshot.takenAt }, 'rates refreshed');
      return snapshot;
    } catch (error) {
      const last = await publishedSnapshot(ctx.cache).catch(() => null);
      const context = {
        err: error,
        lastTakenAt: last?.takenAt ?? null,
        lastAgeSeconds: last ? ageSecondsOf(last) : null,
        maxAgeSeconds: prices.maxAgeSeconds,
      };
      if (isStale(last))
        logger.error(context, 'price source failed and the last prices are stale: payments are refused');
      else logger.warn(context, 'price source failed; the last prices stay in use');
      throw error;
    }
  };
  const realMoneyCoins = mainnetNetworksOf(ctx.config.chainWatchers).flatMap(
    (network) => ctx.config.chainWatchers.nodes[network]!.coins,
  );
  const priceAges = async (): Promise<PriceAge[] | null> => {
    const published = await publishedSnapshot(ctx.cache).catch(() => null);
    const live = published === null ? null : new RatesService(published);
    const now = ctx.clock.now().getTime();
    const ageOf = (currency: string, kind: 'coin' | 'fiat'): PriceAge => {
      const quotedAt = live?.priceQuotedAt(currency) ?? null;
      return {
        currency,
        kind,
        ageSeconds: quotedAt === null ? Infinity : (now - Date.parse(quotedAt)) / 1000,
      };
    };
    // A real-money payment priced in a fiat currency needs that rate fresh too (admission's requireFreshPrice).
    const fiats = realMoneyCoins.length === 0 ? [] : curatedCatalogue.fiatCurrencies.map((fiat) => fiat.code);
    return [
      ...realMoneyCoins.map((currency) => ageOf(currency, 'coin')),
      ...fiats.map((currency) => ageOf(currency, 'fiat')),
    ];
  };
  const loop = new LeasedLoop(
    ctx.cache,
    logger,
    {
      lease: RATES_LEASE,
      owner: options.instanceId ?? randomUUID(),
      intervalMs,
      leaseTtlMs: options.leaseTtlMs ?? 2 * intervalMs,
    },
    refresh,
  );
  return {
    name: 'rates',
    async start() {
      // Prices are in place before any service of this process answers; a failure is logged and retried.
      await loop.runOnce().catch(() => undefined);
      loop.start(intervalMs);
    },
    stop: () => loop.stop(),
    runOnce: () => loop.runOnce(),
    metrics: withPriceGauges(
      leaseMetrics({
        prefix: 'rates',
        pass: 'refresh',
        what: 'the live price refresh',
        labelNames: [],
        works: () => [{ labels: {}, status: () => loop.status() }],
      }),
      { maxAgeSeconds: prices.maxAgeSeconds, ages: priceAges },
      {
        spreadLimitPercent: prices.spreadLimitPercent,
        health: () => publishedSourceHealth(ctx.cache).catch(() => []),
        disagreements: async () =>
          (await publishedSnapshot(ctx.cache).catch(() => null))?.disagreements ?? {},
      },
    ),
    readinessChecks: {
      /** Fails while no published live price is younger than PRICE_MAX_AGE_SECONDS. */
      prices: async () => {
        const published = await publishedSnapshot(ctx.cache);
        if (!isStale(published)) return;
        throw new Error(
          published === null
            ? 'no prices published yet'
            : `the newest price is ${ageSecondsOf(published)} s old, over the ${prices.maxAgeSeconds} s limit`,
        );
      },
      /**
       * Degraded while some price sources failed their last refresh, with each one's consecutive
       * failures: the others price payments meanwhile. Whether prices are usable is `prices`' call.
       */
      'price-sources': async () => {
        const failing = (await publishedSourceHealth(ctx.cache)).filter((record) => !record.up);
        if (failing.length === 0) return;
        return degraded(
          Object.fromEntries(failing.map((record) => [record.source, record.consecutiveFailures])),
        );
      },
    },
  };
}

/**
 * The rates metrics with the live prices' ages and the sources' health, which every replica reads
 * from the cache alike.
 */
function withPriceGauges(
  registry: ReturnType<typeof leaseMetrics>,
  ages: Parameters<typeof registerPriceAgeGauges>[1],
  sources: Parameters<typeof registerPriceSourceMetrics>[1],
) {
  registerPriceAgeGauges(registry, ages);
  registerPriceSourceMetrics(registry, sources);
  return registry;
}

/** No live source: nothing to fetch, publish or be stale. */
function withoutLiveFeed(logger: Logger): RatesRefreshService {
  return {
    name: 'rates',
    async start() {
      logger.debug(
        { feed: 'curated' },
        'no live price source: payments are test payments on the fixed snapshot',
      );
    },
    stop: async () => undefined,
    runOnce: async () => null,
  };
}

/**
 * When the market the snapshot shows was last seen moving: its newest quote where the source dates
 * them (a source that is up but has stopped updating serves old quotes), else when it was taken.
 */
export function pricesDateOf(snapshot: PriceSnapshot): string {
  const quoted = Object.values(snapshot.quotedAt ?? {});
  return quoted.length === 0 ? snapshot.takenAt : quoted.reduce((newest, at) => (at > newest ? at : newest));
}
