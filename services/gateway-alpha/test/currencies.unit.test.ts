import {
  alphaNetworkName,
  catalogueNetworkOf,
  findAlphaCrypto,
  findAlphaCurrency,
  isKnownAlphaNetwork,
  tickerOfCode,
} from '@gw/families';
import { curatedRates } from './support';

const rates = curatedRates();

describe('family A currency names', () => {
  it.each([
    ['USDT', 'tron', 'usdttrc20'],
    ['USDT', 'trx', 'usdttrc20'],
    ['USDT', null, 'usdttrc20'],
    ['usdt', 'bsc', 'usdtbsc'],
    ['USDT', 'polygon', 'usdtmatic'],
    ['USDTBSC', null, 'usdtbsc'],
    ['BTC', null, 'btc'],
    ['BTC', 'btc', 'btc'],
    ['ETH', null, 'eth'],
    ['ETH', 'arbitrum', 'etharb'],
    ['BNB', null, 'bnbbsc'],
  ])('%s on %s is %s', (symbol, network, code) => {
    expect(findAlphaCrypto(rates, symbol, network)?.code).toBe(code);
  });

  it.each([
    ['BTC', 'eth'],
    ['XYZ', null],
    ['USD', null],
    ['USDT', 'nowhere'],
  ])('%s on %s is no payable crypto', (symbol, network) => {
    expect(findAlphaCrypto(rates, symbol, network)).toBeNull();
  });

  it('finds a fiat price currency by code', () => {
    expect(findAlphaCurrency(rates, 'EUR', 'tron')?.code).toBe('eur');
  });

  it('names networks as upstream does and reads both spellings back', () => {
    expect(alphaNetworkName('trx')).toBe('tron');
    expect(alphaNetworkName('matic')).toBe('polygon');
    expect(alphaNetworkName('bsc')).toBe('bsc');
    expect(catalogueNetworkOf('Tron')).toBe('trx');
    expect(catalogueNetworkOf('bsc')).toBe('bsc');
    expect(isKnownAlphaNetwork(rates, 'avalanche')).toBe(true);
    expect(isKnownAlphaNetwork(rates, 'nowhere')).toBe(false);
  });

  it('shows stored codes as uppercase tickers', () => {
    expect(tickerOfCode(rates, 'usdttrc20')).toBe('USDT');
    expect(tickerOfCode(rates, 'usd')).toBe('USD');
    expect(tickerOfCode(rates, 'gone')).toBe('GONE');
  });
});
