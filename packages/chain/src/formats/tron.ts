import { keccak_256 } from '@noble/hashes/sha3';
import { sha256 } from '@noble/hashes/sha2';
import { concatBytes } from '@noble/hashes/utils';
import { createBase58check } from '@scure/base';
import { randomHex, randomSecp256k1PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

export const tronFormat: NetworkFormat = {
  generateAddress: () => {
    const publicKey = randomSecp256k1PublicKey(false);
    return base58check.encode(
      concatBytes(Uint8Array.of(TRON_PREFIX), keccak_256(publicKey.subarray(1)).subarray(-20)),
    );
  },
  isValidAddress: (address) => {
    try {
      const payload = base58check.decode(address);
      return payload.length === 21 && payload[0] === TRON_PREFIX;
    } catch {
      return false;
    }
  },
  fakeTxHash: () => randomHex(32),
};
