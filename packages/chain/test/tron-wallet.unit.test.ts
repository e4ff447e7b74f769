import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { tronAddressToHex } from '@gw/platform';
import {
  parseWatchOnlyWallet,
  receiveAddresses,
  tronAddressOf,
  walletNetworkOf,
  type WalletKeyErrorCode,
} from '../src';
import { testAccountPublicKey, testTronAccountPublicKey } from '../src/testing';

/**
 * Trezor's published Tron vectors (trezor-firmware common/tests/fixtures/tron/get_address.json): the
 * addresses a Trezor shows for the all-"all" seed.
 */
const TREZOR_MNEMONIC = 'all all all all all all all all all all all all';
const TREZOR_ACCOUNT_0 = [
  'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
  'TFz2CJn9CJb8C4i1Gke3jmZX2fRMJxniH2',
  'TQSw9qVAigRwfgPdf7aW4wxbG9tFitexg2',
];
const TREZOR_FIRST_OF_ACCOUNT = {
  1: 'TNPgkSKfz2xS39fcyfrouz7QPbkkJaDLYv',
  2: 'TUKx4Z56RMrYWzAu1qoiDSHQTNiSgYHYyF',
};

const trezorSeed = HDKey.fromMasterSeed(mnemonicToSeedSync(TREZOR_MNEMONIC));
const accountXpub = (account: number) => trezorSeed.derive(`m/44'/195'/${account}'`).publicExtendedKey;

const refusal = (run: () => unknown): WalletKeyErrorCode | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { code?: WalletKeyErrorCode }).code;
  }
  return undefined;
};

describe("a Tron merchant wallet from the account xpub at m/44'/195'/0'", () => {
  it("derives at …/0/i the addresses a Trezor shows for the same seed (Trezor's published vectors)", () => {
    const wallet = parseWatchOnlyWallet(accountXpub(0), 'trx', 'mainnet');
    expect(receiveAddresses(wallet, 0, 3)).toEqual(TREZOR_ACCOUNT_0);
  });

  it.each(Object.entries(TREZOR_FIRST_OF_ACCOUNT))('account %s gives its own addresses', (account, first) => {
    const wallet = parseWatchOnlyWallet(accountXpub(Number(account)), 'trx', 'mainnet');
    expect(receiveAddresses(wallet, 0, 1)).toEqual([first]);
  });

  it('encodes the address from the private key the wallet signs with, as a Tron wallet does', () => {
    const child = trezorSeed.derive("m/44'/195'/0'/0/0");
    expect(tronAddressOf(child.publicKey!)).toBe(TREZOR_ACCOUNT_0[0]);
    // 0x41 + the last 20 bytes of keccak256 of the point: the hex form Tron's JSON-RPC names it by.
    expect(tronAddressToHex(TREZOR_ACCOUNT_0[0]!)).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('is the one trx wallet, recorded as a mainnet key whatever Tron chain the node follows', () => {
    const wallet = parseWatchOnlyWallet(testTronAccountPublicKey(), 'trx', 'mainnet');
    expect(wallet).toMatchObject({
      network: 'trx',
      chainKind: 'mainnet',
      descriptor: `${wallet.extendedPublicKey}/0/*`,
    });
    expect(walletNetworkOf('trx')).toBe('trx');
  });

  it('names another key than the same xpub set as the evm wallet: each wallet runs its own indexes', () => {
    const xpub = accountXpub(0);
    expect(parseWatchOnlyWallet(xpub, 'trx', 'mainnet').keyId).not.toBe(
      parseWatchOnlyWallet(xpub, 'evm', 'mainnet').keyId,
    );
  });

  it('refuses a Bitcoin zpub and a key that is not an account key, saying which to export', () => {
    expect(refusal(() => parseWatchOnlyWallet(testAccountPublicKey(0, 'zpub'), 'trx', 'mainnet'))).toBe(
      'MALFORMED_KEY',
    );
    const addressLevel = trezorSeed.derive("m/44'/195'/0'/0").publicExtendedKey;
    expect(refusal(() => parseWatchOnlyWallet(addressLevel, 'trx', 'mainnet'))).toBe('NOT_AN_ACCOUNT_KEY');
  });
});
