import { outputScriptOf, segwitOutputScript } from '../src/watchers/utxo/output-script';

describe('segwitOutputScript', () => {
  it('gives the P2WPKH script of a BIP173 address, whatever the case', () => {
    expect(segwitOutputScript('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      '0014751e76e8199196d454941c45d1b3a323f1433bd6',
    );
  });

  it('gives the same script for the same key on mainnet, regtest and Litecoin', () => {
    const scripts = [
      'bc1qxqcg9jz08yaepf77vvq64uakuea7hrcacjvde0',
      'bcrt1qxqcg9jz08yaepf77vvq64uakuea7hrcasawn44',
      'rltc1qxqcg9jz08yaepf77vvq64uakuea7hrcaws56zt',
    ].map(segwitOutputScript);
    expect(new Set(scripts)).toEqual(new Set(['0014303082c84f393b90a7de6301aaf3b6e67beb8f1d']));
  });

  it('gives the P2TR script of a BIP86 address', () => {
    expect(segwitOutputScript('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toBe(
      '5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
    );
  });

  it.each([
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'not an address',
    '',
  ])('refuses %j', (address) => {
    expect(segwitOutputScript(address)).toBeNull();
  });
});

describe('outputScriptOf (where a refund may go)', () => {
  it('gives the pay-to-pubkey-hash and pay-to-script-hash scripts of legacy base58 addresses', () => {
    // BIP13/BIP16 examples: the genesis-era P2PKH and a well-known P2SH.
    expect(outputScriptOf('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(
      '76a91477bff20c60e522dfaa3350c39b030a5d004e839a88ac',
    );
    expect(outputScriptOf('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(
      'a914b472a266d0bd89c13706a4132ccfb16f7c3b9fcb87',
    );
  });

  it('gives a segwit address the same script as segwitOutputScript', () => {
    const address = 'bcrt1qxqcg9jz08yaepf77vvq64uakuea7hrcasawn44';
    expect(outputScriptOf(address)).toBe(segwitOutputScript(address));
  });

  it.each(['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'TDD97yguPESTpcrJMqU6h2ozZbibv4Vaqm', 'not an address'])(
    'refuses %j (bad checksum, another chain, no address)',
    (address) => {
      expect(outputScriptOf(address)).toBeNull();
    },
  );
});
