import { Gauge, Registry } from 'prom-client';

/** How old the published live price of one currency is; Infinity when none is published. */
export interface PriceAge {
  currency: string;
  ageSeconds: number;
  /** A fiat currency's rate (a price currency), or a coin's price (the default). */
  kind?: 'coin' | 'fiat';
}

export interface PriceAgeGaugeOptions {
  /** PRICE_MAX_AGE_SECONDS: a real-money payment in a coin whose live price is older is refused. */
  maxAgeSeconds: number;
  /**
   * The ages of the coins real money is taken in and of the fiat currencies such payments may be
   * priced in, read at scrape time; null when they cannot be read.
   */
  ages(): Promise<readonly PriceAge[] | null>;
}

/**
 * `rates_live_price_age_seconds{currency}`: the age of the live price of each coin real money is taken
 * in (+Inf when none is published), beside `rates_live_price_max_age_seconds`. A coin whose age is over
 * the limit takes no real-money payment at all: every create in it is refused as STALE_PRICE.
 * `rates_live_fiat_price_age_seconds{currency}` is the same for the fiat rates: a real-money payment
 * priced in a fiat currency whose rate is older (or that the source does not quote, +Inf) is refused
 * as STALE_PRICE too, whatever coin it is paid in.
 */
export function registerPriceAgeGauges(registry: Registry, options: PriceAgeGaugeOptions): void {
  const ageGauge = (name: string, help: string, kind: 'coin' | 'fiat') =>
    new Gauge({
      name,
      help,
      labelNames: ['currency'] as const,
      registers: [registry],
      async collect() {
        const ages = await options.ages();
        this.reset();
        for (const { currency, ageSeconds, kind: of = 'coin' } of ages ?? [])
          if (of === kind) this.set({ currency }, ageSeconds);
      },
    });
  ageGauge(
    'rates_live_price_age_seconds',
    'Age of the published live price of a coin real money is taken in (+Inf: none published)',
    'coin',
  );
  ageGauge(
    'rates_live_fiat_price_age_seconds',
    'Age of the published live rate of a fiat currency real-money payments may be priced in (+Inf: none published)',
    'fiat',
  );
  new Gauge({
    name: 'rates_live_price_max_age_seconds',
    help: 'PRICE_MAX_AGE_SECONDS: real-money payments are refused in a coin whose live price is older',
    registers: [registry],
    collect() {
      this.set(options.maxAgeSeconds);
    },
  });
}

/** The price-age gauges in a registry of their own. */
export function priceAgeMetrics(options: PriceAgeGaugeOptions): Registry {
  const registry = new Registry();
  registerPriceAgeGauges(registry, options);
  return registry;
}
