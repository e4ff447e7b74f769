import { isTronAddress, tronAddressFromHex, tronAddressToHex } from '../src';

/** USDT's mainnet contract, as Tronscan shows it in both forms. */
const USDT = {
  base58: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  hex: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
};

describe('Tron addresses between base58 T… and the hex form of the JSON-RPC', () => {
  it('turns T… into the 20-byte hex without the 41 prefix, and back from either hex form', () => {
    expect(tronAddressToHex(USDT.base58)).toBe(`0x${USDT.hex.slice(2)}`);
    expect(tronAddressFromHex(USDT.hex)).toBe(USDT.base58);
    expect(tronAddressFromHex(`0x${USDT.hex.slice(2)}`)).toBe(USDT.base58);
    expect(tronAddressFromHex(`0x${USDT.hex.slice(2).toUpperCase()}`)).toBe(USDT.base58);
  });

  it('refuses a wrong checksum, a non-Tron version byte and a short hex', () => {
    const typo = `${USDT.base58.slice(0, -1)}u`;
    expect(isTronAddress(USDT.base58)).toBe(true);
    expect(isTronAddress(typo)).toBe(false);
    // A Bitcoin address is base58check too, with another version byte.
    expect(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(() => tronAddressFromHex('0x1234')).toThrow('20-byte');
  });
});
