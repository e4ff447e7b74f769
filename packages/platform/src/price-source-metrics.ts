import { Counter, Gauge, Registry } from 'prom-client';

/** What the metrics read of a price source's health record. */
export interface PriceSourceHealth {
  source: string;
  up: boolean;
  lastSuccessAt: string | null;
  failuresTotal: number;
}

export interface PriceSourceMetricsOptions {
  /** PRICE_SPREAD_LIMIT_PERCENT. */
  spreadLimitPercent: string;
  /** The sources' records as published in the cache, read at scrape time. */
  health(): Promise<readonly PriceSourceHealth[]>;
  /** The published snapshot's disagreements, read at scrape time. */
  disagreements(): Promise<Readonly<Record<string, { spreadPercent: string }>>>;
}

/**
 * Each price source's health (`rates_price_source_up`, `…_last_success_timestamp_seconds`,
 * `…_failures_total`) and the currencies whose sources disagree beyond the spread limit
 * (`rates_live_price_spread_percent`, beside `rates_price_spread_limit_percent`). Every replica reads
 * them from the cache, so each exports the same values whichever one refreshes.
 */
export function registerPriceSourceMetrics(registry: Registry, options: PriceSourceMetricsOptions): void {
  new Gauge({
    name: 'rates_price_source_up',
    help: 'Whether a live price source answered usable prices in the last refresh (1) or failed (0)',
    labelNames: ['source'] as const,
    registers: [registry],
    async collect() {
      const health = await options.health();
      this.reset();
      for (const record of health) this.set({ source: record.source }, record.up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rates_price_source_last_success_timestamp_seconds',
    help: 'When a live price source last answered usable prices (Unix seconds); absent before it ever did',
    labelNames: ['source'] as const,
    registers: [registry],
    async collect() {
      const health = await options.health();
      this.reset();
      for (const { source, lastSuccessAt } of health)
        if (lastSuccessAt !== null) this.set({ source }, Date.parse(lastSuccessAt) / 1000);
    },
  });
  new Counter({
    name: 'rates_price_source_failures_total',
    help: 'Refreshes in which a live price source failed (down, slower than its timeout, or nonsense)',
    labelNames: ['source'] as const,
    registers: [registry],
    async collect() {
      const health = await options.health();
      this.reset();
      for (const { source, failuresTotal } of health) this.inc({ source }, failuresTotal);
    },
  });
  new Gauge({
    name: 'rates_live_price_spread_percent',
    help: 'Spread of the fresh sources over their median, for a currency whose sources disagree beyond the limit (real money in it is refused)',
    labelNames: ['currency'] as const,
    registers: [registry],
    async collect() {
      const disagreements = await options.disagreements();
      this.reset();
      for (const [currency, { spreadPercent }] of Object.entries(disagreements))
        this.set({ currency }, Number(spreadPercent));
    },
  });
  new Gauge({
    name: 'rates_price_spread_limit_percent',
    help: 'PRICE_SPREAD_LIMIT_PERCENT: fresh sources further apart refuse real money in the currency',
    registers: [registry],
    collect() {
      this.set(Number(options.spreadLimitPercent));
    },
  });
}

/** The price sources' metrics in a registry of their own. */
export function priceSourceMetrics(options: PriceSourceMetricsOptions): Registry {
  const registry = new Registry();
  registerPriceSourceMetrics(registry, options);
  return registry;
}
