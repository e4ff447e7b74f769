import { CuratedPriceFeed, RatesService } from '@gw/pricing';
import { enabledCoinsFrom, knownCurrency, priceAmount } from '../src/catalogue-rules';
import { InvalidInputError } from '../src/input-validation';

describe('catalogue rules of merchant settings and plans', () => {
  let rates: RatesService;

  beforeAll(async () => {
    rates = new RatesService(await new CuratedPriceFeed().snapshot());
  });

  const message = (run: () => unknown): string => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      return (error as InvalidInputError).message;
    }
    throw new Error('accepted');
  };

  it('stores enabled coins in their catalogue spelling, once each, in the given order', () => {
    expect(enabledCoinsFrom(rates, ['ETH', 'btc', 'usdcerc20', 'BTC'])).toEqual(['eth', 'btc', 'usdc']);
  });

  it('keeps null as "every coin"', () => {
    expect(enabledCoinsFrom(rates, null)).toBeNull();
    expect(enabledCoinsFrom(rates, undefined)).toBeNull();
  });

  it('names unknown codes and fiat currencies in one message', () => {
    expect(message(() => enabledCoinsFrom(rates, ['btc', 'dogecoin2', 'usd', 'xyz']))).toBe(
      'enabled_coins has unknown currencies: dogecoin2, xyz; not cryptocurrencies: usd',
    );
  });

  it('accepts any catalogue currency, crypto or fiat, for plan and outcome currencies', () => {
    expect(knownCurrency(rates, 'currency', 'USD')).toBe('usd');
    expect(knownCurrency(rates, 'currency', 'usdttrc20')).toBe('usdttrc20');
    expect(message(() => knownCurrency(rates, 'currency', 'zzz'))).toBe(
      'currency "zzz" is not a known currency',
    );
  });

  it('keeps plan amounts exact and within the currency precision', () => {
    expect(priceAmount(rates, 'amount', 9.99, 'usd')).toBe('9.99');
    expect(priceAmount(rates, 'amount', '0.00000001', 'btc')).toBe('0.00000001');
    expect(priceAmount(rates, 'amount', '10.50', 'usd')).toBe('10.5');
    expect(message(() => priceAmount(rates, 'amount', '9.999', 'usd'))).toBe(
      'amount has more than 2 decimals, the precision of usd',
    );
    expect(message(() => priceAmount(rates, 'amount', '0.00', 'usd'))).toBe('amount must be greater than 0');
  });
});
