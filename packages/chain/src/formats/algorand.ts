import { equalBytes } from '@noble/curves/utils';
import { sha512_256 } from '@noble/hashes/sha2';
import { concatBytes } from '@noble/hashes/utils';
import { base32nopad } from '@scure/base';
import { randomBytes, randomEd25519PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

const ALGORAND_ADDRESS = /^[A-Z2-7]{58}$/;

function checksumOf(publicKey: Uint8Array): Uint8Array {
  return sha512_256(publicKey).subarray(-4);
}

function isValidAlgorandAddress(address: string): boolean {
  if (!ALGORAND_ADDRESS.test(address)) return false;
  try {
    const decoded = base32nopad.decode(address);
    return decoded.length === 36 && equalBytes(checksumOf(decoded.subarray(0, 32)), decoded.subarray(32));
  } catch {
    return false;
  }
}

export const algorandFormat: NetworkFormat = {
  generateAddress: () => {
    const publicKey = randomEd25519PublicKey();
    return base32nopad.encode(concatBytes(publicKey, checksumOf(publicKey)));
  },
  isValidAddress: isValidAlgorandAddress,
  fakeTxHash: () => base32nopad.encode(randomBytes(32)),
};
