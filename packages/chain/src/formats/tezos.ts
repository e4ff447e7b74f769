import { equalBytes } from '@noble/curves/utils';
import { blake2b } from '@noble/hashes/blake2';
import { sha256 } from '@noble/hashes/sha2';
import { concatBytes } from '@noble/hashes/utils';
import { createBase58check } from '@scure/base';
import { randomBytes, randomEd25519PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

const base58check = createBase58check(sha256);
const TZ1 = Uint8Array.of(6, 161, 159);
/** tz1 (ed25519), tz2 (secp256k1), tz3 (p256), tz4 (bls) implicit accounts and KT1 contracts. */
const ACCOUNT_PREFIXES = [
  TZ1,
  Uint8Array.of(6, 161, 161),
  Uint8Array.of(6, 161, 164),
  Uint8Array.of(6, 161, 166),
  Uint8Array.of(2, 90, 121),
];
const OPERATION_HASH_PREFIX = Uint8Array.of(5, 116);

function isValidTezosAddress(address: string): boolean {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return false;
  }
  return (
    payload.length === 23 && ACCOUNT_PREFIXES.some((prefix) => equalBytes(payload.subarray(0, 3), prefix))
  );
}

export const tezosFormat: NetworkFormat = {
  generateAddress: () =>
    base58check.encode(concatBytes(TZ1, blake2b(randomEd25519PublicKey(), { dkLen: 20 }))),
  isValidAddress: isValidTezosAddress,
  fakeTxHash: () => base58check.encode(concatBytes(OPERATION_HASH_PREFIX, randomBytes(32))),
};
