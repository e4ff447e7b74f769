import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { concatBytes } from '@noble/hashes/utils';
import { createBase58check } from '@scure/base';
import { parseAccountKey } from './account-key';
import { walletKeyId } from './wallet-key-id';
import type { TronWatchOnlyWallet } from './watch-only-wallet';

const base58check = createBase58check(sha256);
/** The version byte of Tron addresses: base58check of 0x41 + 20 bytes starts with `T`. */
const TRON_ADDRESS_PREFIX = 0x41;

/**
 * Reads a Tron account key (m/44'/195'/0', as TronLink, Ledger and Trezor derive it: addresses at
 * m/44'/195'/0'/0/i), exported as xpub. Tron's addresses are the same on mainnet, Nile and Shasta.
 */
export function parseTronWallet(input: string): TronWatchOnlyWallet {
  const xpub = parseAccountKey(input, 'Tron takes the Tron', "m/44'/195'/0'");
  return {
    network: 'trx',
    chainKind: 'mainnet',
    extendedPublicKey: xpub,
    descriptor: `${xpub}/0/*`,
    keyId: walletKeyId('trx', xpub),
  };
}

/** The Tron address `T…` of a secp256k1 public key: base58check of 0x41 + the last 20 bytes of keccak256 of its 64-byte point. */
export function tronAddressOf(publicKey: Uint8Array): string {
  const point = secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false).subarray(1);
  return base58check.encode(concatBytes(Uint8Array.of(TRON_ADDRESS_PREFIX), keccak_256(point).subarray(-20)));
}
