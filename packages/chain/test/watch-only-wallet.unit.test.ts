import { p2wpkh } from '@scure/btc-signer';
import {
  chainParameters,
  descriptorChecksum,
  parseWatchOnlyWallet,
  receiveAddresses,
  type ChainKind,
  type WalletKeyErrorCode,
  type UtxoWalletNetwork,
} from '../src';
import { testAccount, testAccountPublicKey, type TestCoinType } from '../src/testing';

// BIP84's own test vectors (bip-0084.mediawiki): account 0 of its mnemonic (the test seed), its zpub and
// first receive addresses.
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP84_FIRST_ADDRESSES = [
  'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
];

const account = testAccount;
const exportedAccount = testAccountPublicKey;
/** The address a wallet holding the private keys computes for m/84'/coin'/0'/0/index. */
const walletAppAddress = (
  coinType: TestCoinType,
  network: UtxoWalletNetwork,
  kind: ChainKind,
  index: number,
) =>
  p2wpkh(account(coinType).deriveChild(0).deriveChild(index).publicKey!, chainParameters(network, kind))
    .address;

const refusal = (run: () => unknown): WalletKeyErrorCode | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { code?: WalletKeyErrorCode }).code;
  }
  return undefined;
};

describe('a merchant wallet from an extended public key', () => {
  it('derives the BIP84 test vector addresses from its zpub', () => {
    const wallet = parseWatchOnlyWallet(BIP84_ZPUB, 'btc', 'mainnet');
    expect(receiveAddresses(wallet, 0, 2)).toEqual(BIP84_FIRST_ADDRESSES);
  });

  it('reads the same account as xpub, zpub and descriptor, with one key id', () => {
    const xpub = account(0).publicExtendedKey;
    const fromZpub = parseWatchOnlyWallet(BIP84_ZPUB, 'btc', 'mainnet');
    const fromXpub = parseWatchOnlyWallet(xpub, 'btc', 'mainnet');
    const fromDescriptor = parseWatchOnlyWallet(`wpkh([73c5da0a/84h/0h/0h]${xpub}/0/*)`, 'btc', 'mainnet');
    expect(fromZpub.extendedPublicKey).toBe(xpub);
    expect(fromXpub).toEqual(fromZpub);
    expect(fromDescriptor).toEqual(fromZpub);
    expect(fromZpub.descriptor).toBe(`wpkh(${xpub}/0/*)#${descriptorChecksum(`wpkh(${xpub}/0/*)`)}`);
  });

  it('accepts a descriptor whose checksum is right and refuses one whose checksum is wrong', () => {
    const body = `wpkh(${account(0).publicExtendedKey}/0/*)`;
    const checksum = descriptorChecksum(body)!;
    expect(parseWatchOnlyWallet(`${body}#${checksum}`, 'btc', 'mainnet').descriptor).toBe(
      `${body}#${checksum}`,
    );
    const wrong = `${checksum.slice(0, 7)}${checksum.endsWith('q') ? 'p' : 'q'}`;
    expect(refusal(() => parseWatchOnlyWallet(`${body}#${wrong}`, 'btc', 'mainnet'))).toBe('BAD_CHECKSUM');
  });

  it("computes BIP 380's descriptor checksum test vector", () => {
    expect(descriptorChecksum('raw(deadbeef)')).toBe('89f8spxm');
  });

  it.each<[ChainKind, 'tpub' | 'vpub', string]>([
    ['testnet', 'vpub', 'tb1q'],
    ['regtest', 'tpub', 'bcrt1q'],
  ])('derives the addresses a wallet app shows on bitcoin %s from a %s', (kind, as, prefix) => {
    const addresses = receiveAddresses(parseWatchOnlyWallet(exportedAccount(1, as), 'btc', kind), 0, 5);
    expect(addresses).toEqual([0, 1, 2, 3, 4].map((i) => walletAppAddress(1, 'btc', kind, i)));
    expect(addresses.every((address) => address.startsWith(prefix))).toBe(true);
  });

  it.each<[ChainKind, TestCoinType, 'xpub' | 'tpub', string]>([
    ['mainnet', 2, 'xpub', 'ltc1q'],
    ['testnet', 1, 'tpub', 'tltc1q'],
    ['regtest', 1, 'tpub', 'rltc1q'],
  ])('derives litecoin %s addresses with its own prefix', (kind, coinType, as, prefix) => {
    const addresses = receiveAddresses(
      parseWatchOnlyWallet(exportedAccount(coinType, as), 'ltc', kind),
      0,
      3,
    );
    expect(addresses).toEqual([0, 1, 2].map((i) => walletAppAddress(coinType, 'ltc', kind, i)));
    expect(addresses.every((address) => address.startsWith(prefix))).toBe(true);
  });

  describe('refuses', () => {
    it('a key with one character changed, by its base58 checksum', () => {
      const changed = BIP84_ZPUB.slice(0, 40) + (BIP84_ZPUB[40] === 'a' ? 'b' : 'a') + BIP84_ZPUB.slice(41);
      expect(refusal(() => parseWatchOnlyWallet(changed, 'btc', 'mainnet'))).toBe('BAD_CHECKSUM');
    });

    it('a mainnet key on a test chain and a test key on mainnet', () => {
      expect(refusal(() => parseWatchOnlyWallet(BIP84_ZPUB, 'btc', 'regtest'))).toBe('WRONG_CHAIN');
      const vpub = exportedAccount(1, 'vpub');
      expect(vpub).toMatch(/^vpub/);
      expect(refusal(() => parseWatchOnlyWallet(vpub, 'ltc', 'mainnet'))).toBe('WRONG_CHAIN');
      expect(refusal(() => parseWatchOnlyWallet(vpub, 'ltc', 'regtest'))).toBeUndefined();
    });

    it('a private key, saying never to paste one', () => {
      expect(refusal(() => parseWatchOnlyWallet(account(0).privateExtendedKey, 'btc', 'mainnet'))).toBe(
        'PRIVATE_KEY',
      );
    });

    it.each([
      ['not base58', 'zpub0OIl'],
      ['another descriptor', `pkh(${BIP84_ZPUB}/0/*)`],
      ['the change chain', `wpkh(${BIP84_ZPUB}/1/*)`],
    ])('%s', (_, input) => {
      expect(refusal(() => parseWatchOnlyWallet(input, 'btc', 'mainnet'))).toMatch(
        /MALFORMED_KEY|UNSUPPORTED_DESCRIPTOR|BAD_CHECKSUM/,
      );
    });

    it('a network without watch-only wallets', () => {
      expect(refusal(() => parseWatchOnlyWallet(BIP84_ZPUB, 'sol', 'mainnet'))).toBe('UNSUPPORTED_NETWORK');
    });
  });
});
