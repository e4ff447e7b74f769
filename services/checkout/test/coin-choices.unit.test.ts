import { loadConfig } from '@gw/platform';
import { CuratedPriceFeed, RatesService } from '@gw/pricing';
import type { InvoiceDocument, MerchantDocument } from '@gw/views';
import { coinChoicesFor, enabledCryptos, findChoice, preselectedCode } from '../src/coin-choices';
import { coinLogoFiles, coinLogoSvg } from '../src/coin-logos';
import { priceViews } from '@gw/domain/testing';

let rates: RatesService;

/** The fixed snapshot only, judged at `now`. */
const pricesAt = (now: Date) => priceViews(rates, null, { now, maxAgeSeconds: 600 });
beforeAll(async () => {
  rates = new RatesService(await new CuratedPriceFeed().snapshot());
});

const merchant = (enabledCoins: string[] | null) =>
  ({ merchantId: 'm-1', name: 'Shop', enabledCoins }) as MerchantDocument;
const invoice = (fields: Partial<InvoiceDocument> = {}) =>
  ({
    invoiceId: 'i-1',
    merchantId: 'm-1',
    priceAmount: '50',
    priceCurrency: 'usd',
    payCurrency: null,
    ...fields,
  }) as InvoiceDocument;

const sandbox = loadConfig({});
const NOW = new Date('2026-01-01T00:00:00.000Z');

describe('coin choices', () => {
  it('offers the whole catalogue when the merchant restricted nothing', () => {
    expect(enabledCryptos(rates, merchant(null), sandbox)).toHaveLength(rates.cryptoCurrencies().length);
  });

  it('offers only the enabled coins, matching codes and aliases case-insensitively', () => {
    const codes = enabledCryptos(rates, merchant(['BTC', 'usdcerc20']), sandbox).map((c) => c.code);
    expect(codes).toEqual(['btc', 'usdc']);
  });

  it('puts the invoice pay_currency first, and finds a pick by alias', () => {
    const choices = coinChoicesFor(
      pricesAt(NOW),
      merchant(['btc', 'eth', 'usdc']),
      invoice({ payCurrency: 'usdc' }),
      sandbox,
    );
    expect(choices.map((c) => c.crypto.code)).toEqual(['usdc', 'btc', 'eth']);
    expect(preselectedCode(invoice({ payCurrency: 'usdc' }), choices)).toBe('usdc');
    expect(findChoice(choices, ' USDCERC20 ')?.crypto.code).toBe('usdc');
    expect(findChoice(choices, 'sol')).toBeUndefined();
  });

  it('prices the order in each coin and marks coins whose minimum the order does not reach', () => {
    const [btc] = coinChoicesFor(pricesAt(NOW), merchant(['btc']), invoice(), sandbox);
    expect(btc?.approxAmount).toBe(rates.payAmountFor('50', 'usd', 'btc'));
    expect(btc?.available).toBe(true);
    const [tiny] = coinChoicesFor(
      pricesAt(NOW),
      merchant(['usdterc20']),
      invoice({ priceAmount: '1' }),
      sandbox,
    );
    expect(tiny?.available).toBe(false);
  });
});

describe('coin logos', () => {
  it('serves a monogram for every logo URL of the catalogue', () => {
    const files = coinLogoFiles(rates.cryptoCurrencies());
    for (const crypto of rates.cryptoCurrencies()) {
      expect(files.get(crypto.logoUrl.replace('/static/coins/', ''))).toContain(
        `>${crypto.ticker.toUpperCase().slice(0, 4)}<`,
      );
    }
  });

  it('writes dark letters on light brand colours and white on dark ones', () => {
    expect(coinLogoSvg('bnb')).toContain('fill="#111827"');
    expect(coinLogoSvg('eth')).toContain('fill="#ffffff"');
    expect(coinLogoSvg('zzz')).toContain('hsl(');
  });
});
