import { blake2b } from '@noble/hashes/blake2';
import { bech32 } from '@scure/base';
import { randomEd25519PublicKey, randomHex } from '../keys';
import type { NetworkFormat } from '../network-format';

const PREFIX = 'addr';
const MAINNET = 0x1;
const ENTERPRISE_KEY_HASH = 0x6;
/** Shelley base addresses are longer than the 90 characters BIP-173 allows. */
const BECH32_LIMIT = 1023;

/** Shelley payload length per header type (CIP-19); pointer addresses vary in length. */
function hasLengthOfType(type: number, length: number): boolean {
  if (type <= 0x3) return length === 57;
  if (type <= 0x5) return length >= 30;
  if (type <= 0x7) return length === 29;
  return false;
}

/** An enterprise address (payment key only, no stake key) for a fresh ed25519 key. */
function generateCardanoAddress(): string {
  const header = (ENTERPRISE_KEY_HASH << 4) | MAINNET;
  const payload = Uint8Array.of(header, ...blake2b(randomEd25519PublicKey(), { dkLen: 28 }));
  return bech32.encode(PREFIX, bech32.toWords(payload), BECH32_LIMIT);
}

function isValidCardanoAddress(address: string): boolean {
  const decoded = bech32.decodeUnsafe(address, BECH32_LIMIT);
  if (!decoded || decoded.prefix !== PREFIX) return false;
  const payload = bech32.fromWordsUnsafe(decoded.words);
  const header = payload?.[0];
  if (!payload || header === undefined || (header & 0x0f) !== MAINNET) return false;
  return hasLengthOfType(header >> 4, payload.length);
}

export const cardanoFormat: NetworkFormat = {
  generateAddress: generateCardanoAddress,
  isValidAddress: isValidCardanoAddress,
  fakeTxHash: () => randomHex(32),
};
