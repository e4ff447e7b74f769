import { InMemoryCache } from '@gw/cache';
import { createLogger, loadConfig, ManualClock } from '@gw/platform';
import { PriceSourceError, type PriceFeed, type PriceSnapshot } from '@gw/pricing';
import { CachedRatesSource, RATES_SNAPSHOT_KEY, type ServiceContext } from '@gw/application';
import { InvalidPriceSnapshotError, refreshRates } from '../src/rates-refresh';
import { RATES_LEASE, createRatesService } from '../src/rates-service';

const snapshot = (pricesUsd: Record<string, string>): PriceSnapshot => ({
  source: 'test-feed',
  takenAt: '2026-01-01T10:00:00.000Z',
  pricesUsd,
});

const feedOf = (...snapshots: PriceSnapshot[]): PriceFeed & { calls: number } => ({
  calls: 0,
  async snapshot() {
    return snapshots[Math.min(this.calls++, snapshots.length - 1)]!;
  },
});

const contextWith = (cache: InMemoryCache) =>
  ({ cache, logger: createLogger({ level: 'silent' }), config: loadConfig({}) }) as unknown as ServiceContext;

describe('refreshRates', () => {
  it('publishes the feed snapshot where every service reads rates', async () => {
    const cache = new InMemoryCache();
    await refreshRates(feedOf(snapshot({ btc: '64000.5', usd: '1' })), cache);
    expect(JSON.parse((await cache.get(RATES_SNAPSHOT_KEY))!)).toEqual(
      snapshot({ btc: '64000.5', usd: '1' }),
    );
  });

  it('converts with the published prices in CachedRatesSource', async () => {
    const cache = new InMemoryCache();
    await refreshRates(feedOf(snapshot({ btc: '50000' })), cache);
    const source = new CachedRatesSource(cache, snapshot({ btc: '10000' }));
    await source.refresh();
    expect(source.current().snapshot.source).toBe('test-feed');
    expect(source.current().findCryptoCurrency('btc').priceUsd).toBe('50000');
  });

  it.each([['0'], ['-3'], ['abc'], ['']])(
    'keeps the last good snapshot when the feed prices a coin at "%s"',
    async (price) => {
      const cache = new InMemoryCache();
      await refreshRates(feedOf(snapshot({ btc: '50000' })), cache);
      await expect(
        refreshRates(feedOf(snapshot({ btc: '51000', eth: price })), cache),
      ).rejects.toBeInstanceOf(InvalidPriceSnapshotError);
      expect(JSON.parse((await cache.get(RATES_SNAPSHOT_KEY))!).pricesUsd).toEqual({ btc: '50000' });
    },
  );

  it('refuses an empty snapshot', async () => {
    await expect(refreshRates(feedOf(snapshot({})), new InMemoryCache())).rejects.toThrow(
      'returned no prices',
    );
  });
});

describe('createRatesService', () => {
  it('refreshes only while it holds the rates lease', async () => {
    const cache = new InMemoryCache();
    await cache.acquireLease(RATES_LEASE, 'another replica', 60_000);
    const feed = feedOf(snapshot({ btc: '50000' }));
    const service = createRatesService(contextWith(cache), { feed, instanceId: 'me' });
    expect(await service.runOnce()).toBeNull();
    expect(feed.calls).toBe(0);
    await cache.releaseLease(RATES_LEASE, 'another replica');
    expect(await service.runOnce()).toEqual(snapshot({ btc: '50000' }));
  });

  it('takes a fresh snapshot on start and then every interval', async () => {
    const cache = new InMemoryCache();
    const feed = feedOf(snapshot({ btc: '1' }), snapshot({ btc: '2' }));
    const service = createRatesService(contextWith(cache), { feed, intervalMs: 5 });
    await service.start();
    const deadline = Date.now() + 2_000;
    while (feed.calls < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    await service.stop();
    expect(JSON.parse((await cache.get(RATES_SNAPSHOT_KEY))!).pricesUsd).toEqual({ btc: '2' });
    expect(await cache.acquireLease(RATES_LEASE, 'the next replica', 60_000)).toBe(true);
  });

  it('publishes nothing without a live feed: every process carries the fixed snapshot', async () => {
    const cache = new InMemoryCache();
    const service = createRatesService(contextWith(cache));
    await service.start();
    expect(await service.runOnce()).toBeNull();
    expect(await cache.get(RATES_SNAPSHOT_KEY)).toBeNull();
    await service.stop();
  });

  it('keeps the fixed snapshot beside the live prices in CachedRatesSource', async () => {
    const cache = new InMemoryCache();
    const source = new CachedRatesSource(cache, snapshot({ btc: '10000' }));
    await source.refresh();
    expect(source.live()).toBeNull();
    expect(source.current().findCryptoCurrency('btc').priceUsd).toBe('10000');
    await refreshRates(feedOf(snapshot({ btc: '50000' })), cache);
    await source.refresh();
    expect(source.live()?.findCryptoCurrency('btc').priceUsd).toBe('50000');
    expect(source.fixed().findCryptoCurrency('btc').priceUsd).toBe('10000');
  });
});

describe('the rates service on a live feed, sandbox or not', () => {
  const liveConfig = loadConfig({ PRICE_FEED: 'coingecko', PRICE_MAX_AGE_SECONDS: '600' });
  const fromSource = (takenAt: Date, quotedAt: Date): PriceSnapshot => ({
    source: 'coingecko',
    takenAt: takenAt.toISOString(),
    pricesUsd: { usd: '1', btc: '90000' },
    quotedAt: { btc: quotedAt.toISOString() },
  });

  /** A source answering with `answers` in turn, a PriceSourceError for `'down'`. */
  const sourceAnswering = (...answers: (PriceSnapshot | 'down')[]): PriceFeed => ({
    async snapshot() {
      const answer = answers.shift() ?? 'down';
      if (answer === 'down') throw new PriceSourceError('CoinGecko is unreachable: connection refused');
      return answer;
    },
  });

  const started = (feed: PriceFeed, clock: ManualClock, config = liveConfig) => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const ctx = {
      cache: new InMemoryCache(),
      logger,
      config,
      clock,
    } as unknown as ServiceContext;
    const service = createRatesService(ctx, { feed });
    const ready = () => service.readinessChecks!.prices!();
    return { service, lines, ready };
  };

  it('is not ready before its first prices, and says so in the log', async () => {
    const clock = new ManualClock('2026-11-25T10:00:00.000Z');
    const { service, lines, ready } = started(sourceAnswering('down'), clock);
    await expect(service.runOnce()).rejects.toBeInstanceOf(PriceSourceError);
    await expect(ready()).rejects.toThrow('no prices published yet');
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'price source failed and the last prices are stale: payments are refused',
        lastTakenAt: null,
      }),
    );
  });

  it('stays ready on its last prices through an outage shorter than the limit, then is not', async () => {
    const clock = new ManualClock('2026-11-25T10:00:00.000Z');
    const { service, lines, ready } = started(
      sourceAnswering(fromSource(clock.now(), clock.now()), 'down', 'down'),
      clock,
    );
    await service.runOnce();
    await expect(ready()).resolves.toBeUndefined();

    clock.advance(600_000);
    await expect(service.runOnce()).rejects.toThrow('connection refused');
    await expect(ready()).resolves.toBeUndefined();
    expect(lines.at(-1)).toMatchObject({ level: 'warn', lastAgeSeconds: 600, maxAgeSeconds: 600 });

    clock.advance(1_000);
    await expect(service.runOnce()).rejects.toThrow('connection refused');
    await expect(ready()).rejects.toThrow('the newest price is 601 s old, over the 600 s limit');
    expect(lines.at(-1)).toMatchObject({ level: 'error', lastAgeSeconds: 601 });
  });

  it('is not ready on a source that answers but stopped updating its prices', async () => {
    const clock = new ManualClock('2026-11-25T10:00:00.000Z');
    const hourAgo = new Date(clock.now().getTime() - 3_600_000);
    const { service, ready } = started(sourceAnswering(fromSource(clock.now(), hourAgo)), clock);
    await service.runOnce();
    await expect(ready()).rejects.toThrow('the newest price is 3600 s old');
  });

  it('exports the age of the live price of every coin real money is taken in, +Inf for one never quoted', async () => {
    const withMainnetNodes = loadConfig({
      PRICE_FEED: 'coingecko',
      PRICE_MAX_AGE_SECONDS: '600',
      BTC_RPC_URL: 'http://btc-node:8332',
      BTC_CHAIN: 'mainnet',
      LTC_RPC_URL: 'http://ltc-node:9332',
      LTC_CHAIN: 'mainnet',
    });
    const clock = new ManualClock('2026-11-25T10:00:00.000Z');
    const { service } = started(
      sourceAnswering(fromSource(clock.now(), clock.now())),
      clock,
      withMainnetNodes,
    );
    await service.runOnce();

    clock.advance(601_000);
    const text = await service.metrics!.metrics();

    expect(text).toContain('rates_live_price_age_seconds{currency="btc"} 601');
    expect(text).toContain('rates_live_price_age_seconds{currency="ltc"} +Inf');
    expect(text).toContain('rates_live_price_max_age_seconds 600');
  });

  it('exports the age of every fiat rate real-money payments may be priced in, +Inf for one not quoted', async () => {
    const withMainnetNode = loadConfig({
      PRICE_FEED: 'coingecko',
      PRICE_MAX_AGE_SECONDS: '600',
      BTC_RPC_URL: 'http://btc-node:8332',
      BTC_CHAIN: 'mainnet',
    });
    const clock = new ManualClock('2026-11-25T10:00:00.000Z');
    const minuteAgo = new Date(clock.now().getTime() - 60_000);
    const { service } = started(
      sourceAnswering({
        source: 'coingecko',
        takenAt: clock.now().toISOString(),
        pricesUsd: { usd: '1', btc: '90000', eur: '1.08' },
        quotedAt: { btc: clock.now().toISOString(), eur: minuteAgo.toISOString() },
      }),
      clock,
      withMainnetNode,
    );
    await service.runOnce();

    clock.advance(600_000);
    const text = await service.metrics!.metrics();

    // EUR's rate went out with its reference quote a minute before the snapshot: over the limit first.
    expect(text).toContain('rates_live_fiat_price_age_seconds{currency="eur"} 660');
    expect(text).toContain('rates_live_fiat_price_age_seconds{currency="usd"} 600');
    expect(text).toContain('rates_live_fiat_price_age_seconds{currency="gbp"} +Inf');
    expect(text).toContain('rates_live_price_age_seconds{currency="btc"} 600');
    expect(text).not.toMatch(/^rates_live_price_age_seconds\{currency="eur"\}/m);
  });

  it('exports no price age where no node takes real money', async () => {
    const clock = new ManualClock('2026-11-25T10:00:00.000Z');
    const { service } = started(sourceAnswering(fromSource(clock.now(), clock.now())), clock);
    await service.runOnce();
    const text = await service.metrics!.metrics();
    expect(text).not.toMatch(/^rates_live_price_age_seconds\{/m);
    expect(text).not.toMatch(/^rates_live_fiat_price_age_seconds\{/m);
  });
});
