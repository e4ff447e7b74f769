import { HDKey } from '@scure/bip32';
import { mnemonicToAccount } from 'viem/accounts';
import { parseWatchOnlyWallet, receiveAddresses, type WalletKeyErrorCode } from '../src';
import {
  PUBLIC_KEY_VERSIONS,
  TEST_MNEMONIC,
  testAccount,
  testEvmAccount,
  testEvmAccountPublicKey,
} from '../src/testing';

/** What MetaMask shows for the test seed: account 0 is the well-known 0x9858…Eda94. */
const FIRST_TEST_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

const refusal = (run: () => unknown): WalletKeyErrorCode | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { code?: WalletKeyErrorCode }).code;
  }
  return undefined;
};

const asVersion = (key: HDKey, version: number): string =>
  new HDKey({
    versions: { private: 0, public: version },
    publicKey: key.publicKey!,
    chainCode: key.chainCode!,
    depth: key.depth,
    parentFingerprint: key.parentFingerprint,
    index: key.index,
  }).publicExtendedKey;

describe('an EVM merchant wallet from an Ethereum account xpub', () => {
  it("derives, at …/0/i, the EIP-55 addresses viem's own derivation gives for the same seed", () => {
    const wallet = parseWatchOnlyWallet(testEvmAccountPublicKey(), 'evm', 'mainnet');
    const addresses = receiveAddresses(wallet, 0, 5);
    expect(addresses).toEqual(
      [0, 1, 2, 3, 4].map((addressIndex) => mnemonicToAccount(TEST_MNEMONIC, { addressIndex }).address),
    );
    expect(addresses[0]).toBe(FIRST_TEST_ADDRESS);
  });

  it('is one wallet for eth, bsc and matic: the same key id and addresses whichever network sets it', () => {
    const [eth, bsc, matic, evm] = ['eth', 'bsc', 'matic', 'evm'].map((network) =>
      parseWatchOnlyWallet(testEvmAccountPublicKey(), network, 'mainnet'),
    );
    expect(eth).toEqual({
      network: 'evm',
      chainKind: 'evm',
      extendedPublicKey: testEvmAccountPublicKey(),
      descriptor: `${testEvmAccountPublicKey()}/0/*`,
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect([bsc, matic, evm]).toEqual([eth, eth, eth]);
  });

  it('reads a tpub export of the same account as its xpub', () => {
    const tpub = asVersion(testEvmAccount(), PUBLIC_KEY_VERSIONS.tpub);
    expect(parseWatchOnlyWallet(tpub, 'eth', 'mainnet')).toEqual(
      parseWatchOnlyWallet(testEvmAccountPublicKey(), 'eth', 'mainnet'),
    );
  });

  describe('refuses', () => {
    it("a key that is not at the account level m/44'/60'/0'", () => {
      expect(
        refusal(() =>
          parseWatchOnlyWallet(testEvmAccount().deriveChild(0).publicExtendedKey, 'eth', 'mainnet'),
        ),
      ).toBe('NOT_AN_ACCOUNT_KEY');
      const master = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));
      expect(
        refusal(() => parseWatchOnlyWallet(master.derive("m/44'/60'").publicExtendedKey, 'eth', 'mainnet')),
      ).toBe('NOT_AN_ACCOUNT_KEY');
    });

    it('an account key whose last step is not hardened', () => {
      const unhardened = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0");
      expect(refusal(() => parseWatchOnlyWallet(unhardened.publicExtendedKey, 'eth', 'mainnet'))).toBe(
        'NOT_AN_ACCOUNT_KEY',
      );
    });

    it('a segwit zpub, a private key and a mistyped key', () => {
      const zpub = asVersion(testAccount(0), PUBLIC_KEY_VERSIONS.zpub);
      expect(refusal(() => parseWatchOnlyWallet(zpub, 'eth', 'mainnet'))).toBe('MALFORMED_KEY');
      expect(refusal(() => parseWatchOnlyWallet(testEvmAccount().privateExtendedKey, 'bsc', 'mainnet'))).toBe(
        'PRIVATE_KEY',
      );
      const xpub = testEvmAccountPublicKey();
      const changed = xpub.slice(0, 30) + (xpub[30] === 'a' ? 'b' : 'a') + xpub.slice(31);
      expect(refusal(() => parseWatchOnlyWallet(changed, 'matic', 'mainnet'))).toBe('BAD_CHECKSUM');
    });
  });
});
