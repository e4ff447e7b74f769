import { equalBytes } from '@noble/curves/utils';
import { blake2b } from '@noble/hashes/blake2';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import { base58 } from '@scure/base';
import { randomEd25519PublicKey, randomHex } from '../keys';
import type { NetworkFormat } from '../network-format';

const POLKADOT_PREFIX = 0;
const SS58_CONTEXT = utf8ToBytes('SS58PRE');

function ss58Checksum(payload: Uint8Array): Uint8Array {
  return blake2b(concatBytes(SS58_CONTEXT, payload), { dkLen: 64 }).subarray(0, 2);
}

/** SS58 with the Polkadot network prefix 0 (addresses starting with 1). */
function generatePolkadotAddress(): string {
  const payload = Uint8Array.of(POLKADOT_PREFIX, ...randomEd25519PublicKey());
  return base58.encode(concatBytes(payload, ss58Checksum(payload)));
}

function isValidPolkadotAddress(address: string): boolean {
  let decoded: Uint8Array;
  try {
    decoded = base58.decode(address);
  } catch {
    return false;
  }
  if (decoded.length !== 35 || decoded[0] !== POLKADOT_PREFIX) return false;
  return equalBytes(ss58Checksum(decoded.subarray(0, 33)), decoded.subarray(33));
}

export const polkadotFormat: NetworkFormat = {
  generateAddress: generatePolkadotAddress,
  isValidAddress: isValidPolkadotAddress,
  fakeTxHash: () => `0x${randomHex(32)}`,
};
