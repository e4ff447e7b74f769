import { validatorFor } from '@gw/contracts';
import { betaAcceptedCurrenciesSchema } from '@gw/contracts/api/beta';
import { acceptedCurrencies } from '../src/records/accepted-currencies';
import { curatedRates } from './support';

const rates = curatedRates();

describe('family B accepted currencies', () => {
  it("lists each of the merchant's enabled coins once, whatever networks it is listed on", () => {
    const accepted = acceptedCurrencies(
      { enabledCoins: ['btc', 'usdttrc20', 'usdterc20'], payableCoins: 'every' },
      rates,
    );
    expect(accepted).toEqual({ list: ['BTC', 'USDT'] });
    expect(validatorFor(betaAcceptedCurrenciesSchema)(accepted)).toBe(true);
  });

  it('leaves out an enabled coin no network can take money in, as admission refuses it', () => {
    expect(
      acceptedCurrencies({ enabledCoins: ['btc', 'ltc'], payableCoins: new Set(['ltc']) }, rates),
    ).toEqual({ list: ['LTC'] });
  });

  it('lists every payable coin when the merchant enabled all', () => {
    const { list } = acceptedCurrencies({ enabledCoins: null, payableCoins: 'every' }, rates);
    expect(list).toEqual(expect.arrayContaining(['BTC', 'ETH', 'LTC', 'USDT', 'TRX']));
    expect(new Set(list).size).toBe(list.length);
  });

  it('is empty when nothing can be paid', () => {
    expect(acceptedCurrencies({ enabledCoins: null, payableCoins: new Set() }, rates)).toEqual({ list: [] });
  });
});
