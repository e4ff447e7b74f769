import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { randomBytes } from 'node:crypto';
import { publicKeyWithVersion } from '../wallets/extended-key';

/**
 * The fixed test seed of every wallet test: BIP84's own test mnemonic. Never for real money: everyone
 * knows its private keys.
 */
export const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** SLIP-44 coin types: Bitcoin mainnet 0, Litecoin mainnet 2, every test chain 1. */
export type TestCoinType = 0 | 1 | 2;

/** SLIP-132 versions of the public keys wallet apps export. */
export const PUBLIC_KEY_VERSIONS = {
  xpub: 0x0488b21e,
  zpub: 0x04b24746,
  tpub: 0x043587cf,
  vpub: 0x045f1cf6,
} as const;

let seed: HDKey | undefined;

/** m/84'/coin'/0' of the test seed, private keys included: what a test wallet signs with. */
export function testAccount(coinType: TestCoinType): HDKey {
  seed ??= HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
  return seed.derive(`m/84'/${coinType}'/0'`);
}

/** The test account's public key as a wallet app exports it (watch-only: no private key in it). */
export function testAccountPublicKey(coinType: TestCoinType, as: keyof typeof PUBLIC_KEY_VERSIONS): string {
  return accountPublicKey(testAccount(coinType), as);
}

/**
 * The public key of a new random wallet's account m/84'/coin'/0', as a wallet app exports it: for a
 * test that must not meet addresses an earlier run paid on a node that keeps its chain.
 */
export function freshAccountPublicKey(coinType: TestCoinType, as: keyof typeof PUBLIC_KEY_VERSIONS): string {
  return accountPublicKey(HDKey.fromMasterSeed(randomBytes(32)).derive(`m/84'/${coinType}'/0'`), as);
}

function accountPublicKey(account: HDKey, as: keyof typeof PUBLIC_KEY_VERSIONS): string {
  return publicKeyWithVersion(account, PUBLIC_KEY_VERSIONS[as]);
}

/** m/44'/60'/account' of the test seed (MetaMask's and Ledger Live's account 0 by default), private keys included. */
export function testEvmAccount(account = 0): HDKey {
  seed ??= HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
  return seed.derive(`m/44'/60'/${account}'`);
}

/** An EVM test account's xpub: what a merchant pastes for its evm wallet (another account, other addresses). */
export const testEvmAccountPublicKey = (account = 0): string => testEvmAccount(account).publicExtendedKey;

/** m/44'/195'/account' of the test seed (TronLink's account 0), private keys included. */
export function testTronAccount(account = 0): HDKey {
  seed ??= HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
  return seed.derive(`m/44'/195'/${account}'`);
}

/** A Tron test account's xpub: what a merchant pastes for its trx wallet. */
export const testTronAccountPublicKey = (account = 0): string => testTronAccount(account).publicExtendedKey;
