import {
  InvalidAmountError,
  NotACryptoCurrencyError,
  RatesService,
  UnknownCurrencyError,
  compareAmounts,
  subtractAmounts,
  curatedCatalogue,
  type PriceSnapshot,
} from '../src';

const snapshot: PriceSnapshot = {
  source: 'test',
  takenAt: '2025-11-20T12:00:00.000Z',
  pricesUsd: { btc: '50000', eth: '2500', usdttrc20: '1', trx: '0.25', usd: '1', eur: '1.25', jpy: '0.0064' },
};
const rates = new RatesService(snapshot);

describe('RatesService', () => {
  describe('finding currencies', () => {
    it('finds crypto and fiat currencies case-insensitively', () => {
      expect(rates.findCurrency('BTC')).toMatchObject({ kind: 'crypto', code: 'btc', priceUsd: '50000' });
      expect(rates.findCurrency(' Eur ')).toMatchObject({ kind: 'fiat', code: 'eur', displayPrecision: 2 });
    });

    it('finds a coin by the alias some clients send', () => {
      expect(rates.findCurrency('usdcerc20').code).toBe('usdc');
      expect(rates.findCurrency('maticpoly').code).toBe('maticmainnet');
    });

    it('throws UnknownCurrencyError carrying the code', () => {
      expect(() => rates.findCurrency('nope')).toThrow(UnknownCurrencyError);
      try {
        rates.findCurrency('nope');
      } catch (error) {
        expect(error).toMatchObject({ code: 'UNKNOWN_CURRENCY', currency: 'nope' });
      }
      expect(rates.isKnownCurrency('nope')).toBe(false);
      expect(rates.isKnownCurrency('USDTTRC20')).toBe(true);
    });

    it('lists cryptos and fiats apart, priced from the snapshot', () => {
      expect(rates.cryptoCurrencies().every((currency) => currency.kind === 'crypto')).toBe(true);
      expect(rates.fiatCurrencies().every((currency) => currency.kind === 'fiat')).toBe(true);
      expect(rates.cryptoCurrencies()).toHaveLength(curatedCatalogue.cryptoCurrencies.length);
      expect(rates.fiatCurrencies().find((fiat) => fiat.code === 'jpy')?.priceUsd).toBe('0.0064');
    });

    it('keeps the curated price of a currency the snapshot does not quote', () => {
      const curatedLtc = curatedCatalogue.cryptoCurrencies.find((crypto) => crypto.code === 'ltc');
      expect(rates.findCurrency('ltc').priceUsd).toBe(curatedLtc?.priceUsd);
    });
  });

  describe('estimate', () => {
    it('converts fiat to crypto, rounded to the coin decimals', () => {
      expect(rates.estimate('100', 'usd', 'btc')).toBe('0.002');
      expect(rates.estimate('10', 'usd', 'eth')).toBe('0.004');
      expect(rates.estimate('1', 'usd', 'btc')).toBe('0.00002');
      expect(rates.estimate('0.01', 'eur', 'btc')).toBe('0.00000025');
    });

    it('converts crypto to fiat, rounded to the fiat display precision', () => {
      expect(rates.estimate('0.5', 'btc', 'usd')).toBe('25000');
      expect(rates.estimate('0.00012345', 'btc', 'eur')).toBe('4.94');
      expect(rates.estimate('0.001', 'btc', 'jpy')).toBe('7813');
    });

    it('converts crypto to crypto', () => {
      expect(rates.estimate('1', 'btc', 'eth')).toBe('20');
      expect(rates.estimate('1', 'eth', 'usdttrc20')).toBe('2500');
      expect(rates.estimate('3', 'trx', 'usdttrc20')).toBe('0.75');
    });

    it('rounds half-up at the target precision', () => {
      // 0.333333 usd is 0.00000666666 btc
      expect(rates.estimate('0.333333', 'usd', 'btc')).toBe('0.00000667');
      expect(rates.estimate('1', 'usdttrc20', 'trx')).toBe('4');
      expect(rates.estimate('1', 'jpy', 'trx')).toBe('0.0256');
    });

    it('round-trips within one unit of the last decimal', () => {
      for (const amount of ['1', '19.99', '250', '12345.67']) {
        const btc = rates.estimate(amount, 'usd', 'btc');
        const back = rates.estimate(btc, 'btc', 'usd');
        expect(compareAmounts(subtractAmounts(back, amount), '0.01')).toBeLessThanOrEqual(0);
        expect(compareAmounts(subtractAmounts(back, amount), '-0.01')).toBeGreaterThanOrEqual(0);
      }
    });

    it('accepts JSON numbers without float artefacts', () => {
      expect(rates.estimate(0.1 + 0.2, 'usd', 'usdttrc20')).toBe('0.3');
      expect(rates.estimate(0.3, 'usd', 'usdttrc20')).toBe('0.3');
    });

    it('refuses negative and malformed amounts', () => {
      expect(() => rates.estimate('-1', 'usd', 'btc')).toThrow(InvalidAmountError);
      expect(() => rates.estimate('ten', 'usd', 'btc')).toThrow(InvalidAmountError);
      expect(() => rates.estimate('1', 'usd', 'nope')).toThrow(UnknownCurrencyError);
    });
  });

  describe('payAmountFor', () => {
    it('rounds up to the pay currency decimals so the merchant is never short', () => {
      // 10 usd at 0.25 usd per trx is exactly 40 trx; anything more needs one more sun
      expect(rates.payAmountFor('10', 'usd', 'trx')).toBe('40');
      expect(rates.payAmountFor('10.0000001', 'usd', 'trx')).toBe('40.000001');
      expect(rates.payAmountFor('0.01', 'usd', 'btc')).toBe('0.0000002');
      expect(rates.payAmountFor('0.011', 'usd', 'btc')).toBe('0.00000022');
      expect(rates.payAmountFor('0.0100001', 'usd', 'btc')).toBe('0.00000021');
    });

    it('prices in crypto too', () => {
      expect(rates.payAmountFor('0.001', 'btc', 'eth')).toBe('0.02');
      expect(rates.payAmountFor('5', 'usdttrc20', 'usdttrc20')).toBe('5');
    });

    it('pays only in crypto and only positive amounts', () => {
      expect(() => rates.payAmountFor('10', 'usd', 'eur')).toThrow(NotACryptoCurrencyError);
      expect(() => rates.payAmountFor('0', 'usd', 'btc')).toThrow(InvalidAmountError);
    });
  });

  describe('minAmount', () => {
    const minUsd = (code: string) =>
      rates.cryptoCurrencies().find((crypto) => crypto.code === code)?.minAmountUsd;

    it('takes the larger of the two coins minimums, in the source coin, rounded up', () => {
      expect(minUsd('btc')).toBe('5');
      expect(minUsd('trx')).toBe('2');
      expect(rates.minAmount('trx', 'btc')).toEqual({
        currencyFrom: 'trx',
        currencyTo: 'btc',
        minAmount: '20',
        fiatCurrency: 'usd',
        fiatEquivalent: '5',
      });
      expect(rates.minAmount('btc', 'trx').minAmount).toBe('0.0001');
    });

    it('rounds the minimum up to the source precision', () => {
      // 5 usd at 0.0064 usd per yen is 781.25 yen, and yen has no minor unit
      expect(rates.minAmount('jpy', 'btc')).toMatchObject({ minAmount: '782', fiatEquivalent: '5' });
    });

    it('states the fiat equivalent in the requested fiat', () => {
      // eth's 10 usd minimum beats btc's 5 usd: 0.004 eth, worth 8 eur at 1.25 usd per eur
      expect(rates.minAmount('eth', 'btc', 'EUR')).toMatchObject({
        minAmount: '0.004',
        fiatCurrency: 'eur',
        fiatEquivalent: '8',
      });
    });

    it('answers in a fiat source currency', () => {
      expect(rates.minAmount('eur', 'btc')).toMatchObject({ minAmount: '4', fiatEquivalent: '5' });
    });

    it('needs a crypto on one side', () => {
      expect(() => rates.minAmount('usd', 'eur')).toThrow(NotACryptoCurrencyError);
    });
  });

  describe('exchangeRate', () => {
    it('quotes the course with exactly eight decimals', () => {
      expect(rates.exchangeRate('btc', 'eth')).toBe('20.00000000');
      expect(rates.exchangeRate('eth', 'btc')).toBe('0.05000000');
      expect(rates.exchangeRate('usd', 'eur')).toBe('0.80000000');
      expect(rates.exchangeRate('usd', 'trx')).toBe('4.00000000');
      expect(rates.exchangeRate('jpy', 'btc')).toBe('0.00000013');
    });
  });
});
