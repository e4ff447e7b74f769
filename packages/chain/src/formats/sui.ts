import { blake2b } from '@noble/hashes/blake2';
import { bytesToHex } from '@noble/hashes/utils';
import { base58 } from '@scure/base';
import { randomBytes, randomEd25519PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

const ED25519_FLAG = 0x00;
const SUI_ADDRESS = /^0x[0-9a-fA-F]{64}$/;

export const suiFormat: NetworkFormat = {
  generateAddress: () =>
    `0x${bytesToHex(blake2b(Uint8Array.of(ED25519_FLAG, ...randomEd25519PublicKey()), { dkLen: 32 }))}`,
  isValidAddress: (address) => SUI_ADDRESS.test(address),
  fakeTxHash: () => base58.encode(randomBytes(32)),
};
