import { combinePrices, PriceSourceError, RatesService, type PriceSnapshot } from '../src';

const now = new Date('2026-11-28T12:00:00.000Z');
const options = { now, maxAgeSeconds: 600, spreadLimitPercent: '2' };
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

const answer = (
  source: string,
  pricesUsd: Record<string, string>,
  quotedAt: Record<string, string> = {},
): PriceSnapshot => ({ source, takenAt: now.toISOString(), pricesUsd: { usd: '1', ...pricesUsd }, quotedAt });

describe('combinePrices', () => {
  it('prices each currency at the median of the sources that quote it', () => {
    const combined = combinePrices(
      [
        answer('coingecko', { btc: '90000', eur: '1.16' }),
        answer('kraken', { btc: '90300' }),
        answer('coinbase', { btc: '90100', eur: '1.158' }),
      ],
      options,
    );
    expect(combined.pricesUsd).toEqual({ usd: '1', btc: '90100', eur: '1.159' });
    expect(combined.source).toBe('coingecko+kraken+coinbase');
    expect(combined.disagreements).toBeUndefined();
  });

  it('takes the one source left when the others did not answer', () => {
    const combined = combinePrices([answer('kraken', { btc: '90300' })], options);
    expect(combined.pricesUsd.btc).toBe('90300');
    expect(new RatesService(combined).priceDisagreement('btc')).toBeNull();
  });

  it('with PRICE_MIN_SOURCES=2, records the one source left as a disagreement: its price is shown, never asked', () => {
    const combined = combinePrices(
      [answer('kraken', { btc: '99000' }), answer('coinbase', { btc: '90100' }, { btc: minutesAgo(60) })],
      { ...options, minSources: 2 },
    );
    expect(combined.pricesUsd.btc).toBe('99000');
    expect(new RatesService(combined).priceDisagreement('btc')).toEqual({
      spreadPercent: '0',
      limitPercent: '2',
      quotes: { kraken: '99000' },
      minSources: 2,
    });
  });

  it('with PRICE_MIN_SOURCES=2, two fresh agreeing sources price the currency; a disagreement there names no minimum', () => {
    const agreeing = combinePrices(
      [answer('kraken', { btc: '90300' }), answer('coinbase', { btc: '90100' })],
      { ...options, minSources: 2 },
    );
    expect(agreeing.pricesUsd.btc).toBe('90200');
    expect(agreeing.disagreements).toBeUndefined();
    const apart = combinePrices([answer('kraken', { btc: '99000' }), answer('coinbase', { btc: '90000' })], {
      ...options,
      minSources: 2,
    });
    expect(apart.disagreements?.btc).not.toHaveProperty('minSources');
    expect(apart.disagreements?.btc?.spreadPercent).toBe('9.52');
  });

  it('dates a price by the oldest fresh quote it was taken from', () => {
    const combined = combinePrices(
      [
        answer('coingecko', { btc: '90000' }, { btc: minutesAgo(3) }),
        answer('coinbase', { btc: '90100' }, { btc: minutesAgo(1) }),
      ],
      options,
    );
    expect(combined.quotedAt?.btc).toBe(minutesAgo(3));
  });

  it('leaves out a quote older than the age limit while a fresh one exists', () => {
    const combined = combinePrices(
      [answer('coingecko', { btc: '60000' }, { btc: minutesAgo(60) }), answer('coinbase', { btc: '90100' })],
      options,
    );
    expect(combined.pricesUsd.btc).toBe('90100');
    expect(combined.disagreements).toBeUndefined();
  });

  it('keeps the newest stale quote, with its date, when no quote is fresh', () => {
    const combined = combinePrices(
      [
        answer('coingecko', { btc: '60000' }, { btc: minutesAgo(60) }),
        answer('kraken', { btc: '61000' }, { btc: minutesAgo(30) }),
      ],
      options,
    );
    expect(combined.pricesUsd.btc).toBe('61000');
    expect(combined.quotedAt?.btc).toBe(minutesAgo(30));
  });

  it('records fresh sources disagreeing beyond the spread limit, with their quotes', () => {
    const combined = combinePrices(
      [
        answer('coingecko', { btc: '90000', eth: '3000' }),
        answer('kraken', { btc: '93000', eth: '3001' }),
        answer('coinbase', { btc: '90100', eth: '3002' }),
      ],
      options,
    );
    expect(combined.pricesUsd.btc).toBe('90100');
    expect(combined.disagreements).toEqual({
      btc: {
        spreadPercent: '3.33',
        limitPercent: '2',
        quotes: { coingecko: '90000', kraken: '93000', coinbase: '90100' },
      },
    });
    const rates = new RatesService(combined);
    expect(rates.priceDisagreement('BTC')?.spreadPercent).toBe('3.33');
    expect(rates.priceDisagreement('eth')).toBeNull();
  });

  it('holds a spread of exactly the limit as agreement', () => {
    const combined = combinePrices(
      [answer('coingecko', { btc: '99' }), answer('kraken', { btc: '101' })],
      options,
    );
    expect(combined.pricesUsd.btc).toBe('100');
    expect(combined.disagreements).toBeUndefined();
  });

  it('fails when no source answered, so the last published prices stay', () => {
    expect(() => combinePrices([], options)).toThrow(PriceSourceError);
  });

  it('is plain data that survives the JSON it is published as', () => {
    const combined = combinePrices(
      [answer('coingecko', { btc: '90000' }), answer('kraken', { btc: '95000' })],
      options,
    );
    expect(JSON.parse(JSON.stringify(combined))).toEqual(combined);
  });
});
