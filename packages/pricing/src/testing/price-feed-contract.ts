import { curatedCatalogue } from '../catalogue';
import { parsePositiveAmount } from '../amounts';
import { RatesService } from '../rates-service';
import type { PriceFeed } from '../price-feed';

/**
 * What every PriceFeed adapter must give, run against the curated snapshot and against the live
 * source's adapter (on a local stand-in of its API). `makeFeed` builds a feed whose source is up.
 */
export function describePriceFeedContract(
  name: string,
  makeFeed: () => Promise<PriceFeed> | PriceFeed,
): void {
  describe(`PriceFeed contract: ${name}`, () => {
    it('prices catalogue currencies only, each at a positive decimal', async () => {
      const snapshot = await (await makeFeed()).snapshot();
      const known = new RatesService(snapshot);
      const codes = Object.keys(snapshot.pricesUsd);
      expect(codes.length).toBeGreaterThan(1);
      for (const code of codes) {
        expect(known.isKnownCurrency(code)).toBe(true);
        expect(parsePositiveAmount(snapshot.pricesUsd[code]!).isPositive()).toBe(true);
      }
    });

    it('prices the dollar at 1 and the main coins of real payments', async () => {
      const { pricesUsd } = await (await makeFeed()).snapshot();
      expect(pricesUsd.usd).toBe('1');
      for (const code of ['btc', 'ltc', 'eth', 'usdterc20', 'usdc', 'eur'])
        expect(pricesUsd[code]).toBeDefined();
    });

    it('dates the snapshot, and no price after it', async () => {
      const snapshot = await (await makeFeed()).snapshot();
      const takenAt = Date.parse(snapshot.takenAt);
      expect(new Date(takenAt).toISOString()).toBe(snapshot.takenAt);
      for (const code of Object.keys(snapshot.pricesUsd)) {
        const quotedAt = new RatesService(snapshot).priceQuotedAt(code);
        expect(quotedAt).not.toBeNull();
        expect(Date.parse(quotedAt!)).toBeLessThanOrEqual(takenAt);
      }
    });

    it('is plain data that survives the JSON it is published as', async () => {
      const snapshot = await (await makeFeed()).snapshot();
      expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    });

    it('prices within a factor of ten of the catalogue, so no unit is off', async () => {
      const live = new RatesService(await (await makeFeed()).snapshot());
      for (const code of ['btc', 'eth', 'eur', 'jpy']) {
        const catalogue = [...curatedCatalogue.cryptoCurrencies, ...curatedCatalogue.fiatCurrencies].find(
          (currency) => currency.code === code,
        )!;
        const ratio = Number(live.findCurrency(code).priceUsd) / Number(catalogue.priceUsd);
        expect(ratio).toBeGreaterThan(0.1);
        expect(ratio).toBeLessThan(10);
      }
    });
  });
}
