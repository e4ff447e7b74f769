import { curatedCatalogue } from '@gw/pricing';
import { coinsPaidTo } from '../src/merchant-wallets';

const coins = curatedCatalogue.cryptoCurrencies;

describe('coinsPaidTo', () => {
  it('names Tether among the coins a trx wallet is paid in', () => {
    expect(coinsPaidTo('trx', coins)).toEqual(['TRX on Tron', 'USDT on Tron (TRC-20)']);
  });

  it('names every watched EVM chain’s coins for the one evm wallet, native coins on their chain', () => {
    const paid = coinsPaidTo('evm', coins);
    expect(paid).toEqual(
      expect.arrayContaining([
        'ETH on Ethereum',
        'USDT on Ethereum (ERC-20)',
        'BNB on BNB Smart Chain',
        'USDT on BNB Smart Chain (BEP-20)',
        'USDT on Polygon PoS',
      ]),
    );
    expect(paid).not.toContain('ETH on Ethereum (ERC-20)');
  });

  it('names the coin of a UTXO wallet, and nothing for a network no wallet takes', () => {
    expect(coinsPaidTo('btc', coins)).toEqual(['BTC on Bitcoin']);
    expect(coinsPaidTo('xmr', coins)).toEqual([]);
  });
});
