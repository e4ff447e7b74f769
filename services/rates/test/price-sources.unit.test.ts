import { InMemoryCache } from '@gw/cache';
import { createLogger, loadConfig, ManualClock } from '@gw/platform';
import { PriceSourceError, RatesService, type PriceFeed } from '@gw/pricing';
import type { ServiceContext } from '@gw/application';
import { CoinbasePriceFeed } from '../src/coinbase-price-feed';
import { CoinGeckoPriceFeed } from '../src/coingecko-price-feed';
import { CombinedPriceFeed } from '../src/combined-price-feed';
import { KrakenPriceFeed } from '../src/kraken-price-feed';
import { publishedSnapshot } from '../src/rates-refresh';
import { createRatesService } from '../src/rates-service';
import { publishedSourceHealth, recordSourceOutcomes } from '../src/source-health';
import { CoinbaseStandIn } from '../src/testing/coinbase-stand-in';
import { CoinGeckoStandIn } from '../src/testing/coingecko-stand-in';
import { KrakenStandIn } from '../src/testing/kraken-stand-in';

/**
 * The live feed as the configuration builds it: CoinGecko, Kraken and Coinbase, each on a local
 * stand-in serving its documented answer, with Bitcoin priced a little apart by each.
 */
describe('live prices from several sources', () => {
  let clock: ManualClock;
  let coingecko: CoinGeckoStandIn;
  let kraken: KrakenStandIn;
  let coinbase: CoinbaseStandIn;

  beforeEach(async () => {
    clock = new ManualClock('2026-11-25T10:00:00.000Z');
    [coingecko, kraken, coinbase] = await Promise.all([
      CoinGeckoStandIn.start({ pricesUsd: { bitcoin: 90000, litecoin: 84.5 }, updatedAt: () => clock.now() }),
      KrakenStandIn.start({ pricesUsd: { btc: '90400' } }),
      CoinbaseStandIn.start({ pricesUsd: { btc: '90200' } }),
    ]);
  });
  afterEach(() => Promise.all([coingecko.stop(), kraken.stop(), coinbase.stop()]));

  const started = (env: Record<string, string> = {}, feedOf?: (cache: InMemoryCache) => PriceFeed) => {
    const config = loadConfig({
      PRICE_FEED: 'live',
      PRICE_SOURCES: 'coingecko,kraken,coinbase',
      PRICE_SOURCE_URL: coingecko.baseUrl,
      PRICE_KRAKEN_URL: kraken.baseUrl,
      PRICE_COINBASE_URL: coinbase.baseUrl,
      // Generous: on a busy machine an answering source must never count as slow.
      PRICE_SOURCE_TIMEOUT_MS: '10000',
      PRICE_MAX_AGE_SECONDS: '600',
      PRICE_SPREAD_LIMIT_PERCENT: '2',
      LTC_RPC_URL: 'http://ltc-node:9332',
      LTC_CHAIN: 'mainnet',
      ...env,
    });
    const cache = new InMemoryCache();
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level: 'warn',
      destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const ctx = { cache, logger, config, clock } as unknown as ServiceContext;
    const service = createRatesService(ctx, { feed: feedOf?.(cache) });
    const published = async () => new RatesService((await publishedSnapshot(cache))!);
    const health = () => publishedSourceHealth(cache);
    const check = (name: 'prices' | 'price-sources') => service.readinessChecks![name]!();
    const metrics = () => service.metrics!.metrics();
    return { service, published, health, check, metrics, lines };
  };

  it('prices at the median of the sources, all up and agreeing', async () => {
    const { service, published, health, check, metrics } = started();
    await service.runOnce();

    const rates = await published();
    expect(rates.findCurrency('btc').priceUsd).toBe('90200');
    expect(rates.priceDisagreement('btc')).toBeNull();
    expect(rates.snapshot.source).toBe('coingecko+kraken+coinbase');
    expect((await health()).map(({ source, up }) => [source, up])).toEqual([
      ['coingecko', true],
      ['kraken', true],
      ['coinbase', true],
    ]);
    await expect(check('prices')).resolves.toBeUndefined();
    await expect(check('price-sources')).resolves.toBeUndefined();
    const text = await metrics();
    expect(text).toContain('rates_price_source_up{source="kraken"} 1');
    expect(text).toContain(
      `rates_price_source_last_success_timestamp_seconds{source="coinbase"} ${clock.now().getTime() / 1000}`,
    );
    expect(text).toContain('rates_price_source_failures_total{source="coingecko"} 0');
    expect(text).toContain('rates_price_spread_limit_percent 2');
    expect(text).not.toMatch(/^rates_live_price_spread_percent\{/m);
  });

  it('prices from the others while one source is down, ready but degraded', async () => {
    const { service, published, health, check, metrics, lines } = started();
    kraken.behaviour = 'drop';
    await service.runOnce();

    expect((await published()).findCurrency('btc').priceUsd).toBe('90100');
    expect((await health()).find((record) => record.source === 'kraken')).toMatchObject({
      up: false,
      lastSuccessAt: null,
      failuresTotal: 1,
      consecutiveFailures: 1,
      lastError: expect.stringMatching(/^Kraken is unreachable: /),
    });
    await expect(check('prices')).resolves.toBeUndefined();
    await expect(check('price-sources')).resolves.toEqual({ degraded: { kraken: 1 } });
    const text = await metrics();
    expect(text).toContain('rates_price_source_up{source="kraken"} 0');
    expect(text).toContain('rates_price_source_failures_total{source="kraken"} 1');
    expect(text).not.toContain('rates_price_source_last_success_timestamp_seconds{source="kraken"}');
    expect(text).toContain('rates_live_price_age_seconds{currency="ltc"} 0');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'price source failed; the other sources price payments',
        source: 'kraken',
        consecutiveFailures: 1,
      }),
    ]);

    kraken.behaviour = 'answer';
    clock.advance(60_000);
    await service.runOnce();
    await expect(check('price-sources')).resolves.toBeUndefined();
    expect((await published()).findCurrency('btc').priceUsd).toBe('90200');
  });

  it('prices from the others while one source is slower than its timeout', async () => {
    // Coinbase alone on a short timeout, which its hanging stand-in always outlasts; the others answer.
    const timeouts = { coingecko: 10_000, kraken: 10_000, coinbase: 100 };
    const { service, published, health } = started({}, (cache) => {
      const sources = [
        {
          name: 'coingecko',
          feed: new CoinGeckoPriceFeed({
            baseUrl: coingecko.baseUrl,
            apiKey: null,
            timeoutMs: timeouts.coingecko,
            clock,
          }),
        },
        {
          name: 'kraken',
          feed: new KrakenPriceFeed({ baseUrl: kraken.baseUrl, timeoutMs: timeouts.kraken, clock }),
        },
        {
          name: 'coinbase',
          feed: new CoinbasePriceFeed({ baseUrl: coinbase.baseUrl, timeoutMs: timeouts.coinbase, clock }),
        },
      ];
      return new CombinedPriceFeed(sources, {
        clock,
        maxAgeSeconds: 600,
        spreadLimitPercent: '2',
        onOutcomes: async (outcomes, at) => {
          await recordSourceOutcomes(cache, outcomes, at);
        },
      });
    });
    coinbase.behaviour = 'hang';
    await service.runOnce();

    expect((await published()).findCurrency('btc').priceUsd).toBe('90200');
    expect(coinbase.requests).toBe(1);
    expect((await health()).find((record) => record.source === 'coinbase')).toMatchObject({
      up: false,
      lastError: 'Coinbase did not answer within 100 ms',
    });
  });

  it('keeps the last prices while every source is down, then is not ready once they are too old', async () => {
    const { service, published, health, check } = started();
    await service.runOnce();
    for (const standIn of [coingecko, kraken, coinbase]) standIn.behaviour = 'drop';

    clock.advance(600_000);
    await expect(service.runOnce()).rejects.toThrow(
      /^no price source answered: coingecko: CoinGecko is unreachable: .*; kraken: Kraken is unreachable: .*; coinbase: Coinbase is unreachable: /,
    );
    await expect(check('prices')).resolves.toBeUndefined();
    expect((await published()).findCurrency('btc').priceUsd).toBe('90200');

    clock.advance(1_000);
    await expect(service.runOnce()).rejects.toBeInstanceOf(PriceSourceError);
    await expect(check('prices')).rejects.toThrow('the newest price is 601 s old, over the 600 s limit');
    await expect(check('price-sources')).resolves.toEqual({
      degraded: { coingecko: 2, kraken: 2, coinbase: 2 },
    });
    expect((await health()).map((record) => record.failuresTotal)).toEqual([2, 2, 2]);
    const stale = await published();
    expect(Date.parse(stale.priceQuotedAt('btc')!)).toBe(clock.now().getTime() - 601_000);
  });

  it('with PRICE_MIN_SOURCES=2, prices through one source down, and refuses to ask money on the one left', async () => {
    const { service, published } = started({ PRICE_MIN_SOURCES: '2' });
    kraken.behaviour = 'drop';
    await service.runOnce();
    expect((await published()).priceDisagreement('btc')).toBeNull();
    expect((await published()).findCurrency('btc').priceUsd).toBe('90100');

    coinbase.behaviour = 'drop';
    clock.advance(60_000);
    await service.runOnce();
    const lone = await published();
    expect(lone.findCurrency('btc').priceUsd).toBe('90000');
    expect(lone.priceDisagreement('btc')).toEqual({
      spreadPercent: '0',
      limitPercent: '2',
      quotes: { coingecko: '90000' },
      minSources: 2,
    });
  });

  it('records sources that disagree beyond the spread limit, and exports the spread', async () => {
    const { service, published, check, metrics } = started({ PRICE_SPREAD_LIMIT_PERCENT: '0.3' });
    await service.runOnce();

    expect((await published()).priceDisagreement('btc')).toEqual({
      spreadPercent: '0.44',
      limitPercent: '0.3',
      quotes: { coingecko: '90000', kraken: '90400', coinbase: '90200' },
    });
    expect((await published()).priceDisagreement('ltc')).toBeNull();
    await expect(check('price-sources')).resolves.toBeUndefined();
    const text = await metrics();
    expect(text).toContain('rates_live_price_spread_percent{currency="btc"} 0.44');
    expect(text).toContain('rates_price_spread_limit_percent 0.3');
  });
});
