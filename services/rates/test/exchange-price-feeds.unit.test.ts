import { ManualClock } from '@gw/platform';
import { PriceSourceError, RatesService, type PriceFeed } from '@gw/pricing';
import { describePriceFeedContract } from '@gw/pricing/testing';
import { CoinbasePriceFeed } from '../src/coinbase-price-feed';
import { KrakenPriceFeed } from '../src/kraken-price-feed';
import { CoinbaseStandIn } from '../src/testing/coinbase-stand-in';
import { KrakenStandIn } from '../src/testing/kraken-stand-in';
import type { PriceSourceStandIn } from '../src/testing/price-source-stand-in';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const clock = new ManualClock(NOW);

const exchanges = [
  {
    name: 'Kraken',
    start: (pricesUsd?: Record<string, string>) => KrakenStandIn.start({ pricesUsd }),
    feedOn: (standIn: PriceSourceStandIn, timeoutMs = 5_000): PriceFeed =>
      new KrakenPriceFeed({ baseUrl: (standIn as KrakenStandIn).baseUrl, timeoutMs, clock }),
  },
  {
    name: 'Coinbase',
    start: (pricesUsd?: Record<string, string>) => CoinbaseStandIn.start({ pricesUsd }),
    feedOn: (standIn: PriceSourceStandIn, timeoutMs = 5_000): PriceFeed =>
      new CoinbasePriceFeed({ baseUrl: (standIn as CoinbaseStandIn).baseUrl, timeoutMs, clock }),
  },
];

describe.each(exchanges)('$name price feed', ({ name, start, feedOn }) => {
  let standIn: PriceSourceStandIn;
  beforeEach(async () => {
    standIn = await start({ btc: '90123.45', eur: '1.16', jpy: '0.0065', chf: '1.25' });
  });
  afterEach(() => standIn.stop());

  describePriceFeedContract(`${name} on a local stand-in`, () => feedOn(standIn));

  it('prices coins and fiats in USD, keyless, dated by the refresh', async () => {
    const snapshot = await feedOn(standIn).snapshot();
    expect(snapshot).toMatchObject({ source: name.toLowerCase(), takenAt: NOW.toISOString() });
    expect(snapshot.pricesUsd).toMatchObject({
      usd: '1',
      btc: '90123.45',
      eth: '3045.8',
      ltc: '84.5',
      usdterc20: '1.0002',
      usdttrc20: '1.0002',
      usdc: '0.9999',
      eur: '1.16',
      jpy: '0.0065',
      chf: '1.25',
    });
    expect(new RatesService(snapshot).priceQuotedAt('btc')).toBe(NOW.toISOString());
  });

  it('down: the connection drops', async () => {
    standIn.behaviour = 'drop';
    await expect(feedOn(standIn).snapshot()).rejects.toThrow(new RegExp(`^${name} is unreachable: `));
  });

  it('slow: gives up after its timeout', async () => {
    standIn.behaviour = 'hang';
    await expect(feedOn(standIn, 50).snapshot()).rejects.toThrow(
      new PriceSourceError(`${name} did not answer within 50 ms`),
    );
    expect(standIn.requests).toBe(1);
  });

  it('rate-limited: HTTP 429', async () => {
    standIn.behaviour = 'rate-limited';
    await expect(feedOn(standIn).snapshot()).rejects.toThrow(`${name} answered HTTP 429`);
  });

  it('malformed: JSON of another shape', async () => {
    standIn.behaviour = 'malformed';
    await expect(feedOn(standIn).snapshot()).rejects.toBeInstanceOf(PriceSourceError);
  });
});

describe('Kraken price feed, its own naming', () => {
  let standIn: KrakenStandIn;
  beforeEach(async () => {
    standIn = await KrakenStandIn.start();
  });
  afterEach(() => standIn.stop());

  it('reads a fiat from its pair with USD either way round, and no price from a pair quoted in EUR', async () => {
    const { pricesUsd } = await new KrakenPriceFeed({
      baseUrl: standIn.baseUrl,
      timeoutMs: 5_000,
      clock,
    }).snapshot();
    expect(pricesUsd).toMatchObject({
      btc: '91250',
      doge: '0.152',
      jpy: '0.0064',
      chf: '1.242',
      gbp: '1.315',
    });
    // Kraken lists no pair of these: they are left out, for another source to price.
    expect(pricesUsd.bnbbsc).toBeUndefined();
    expect(pricesUsd.ron).toBeUndefined();
  });
});
