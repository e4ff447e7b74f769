import { ed25519 } from '@noble/curves/ed25519';
import { bytesToNumberLE, equalBytes, numberToBytesLE } from '@noble/curves/utils';
import { keccak_256 } from '@noble/hashes/sha3';
import { concatBytes } from '@noble/hashes/utils';
import { base58xmr } from '@scure/base';
import { randomBytes, randomHex } from '../keys';
import type { NetworkFormat } from '../network-format';

const { Point } = ed25519;
const ORDER = Point.Fn.ORDER;
const STANDARD = 0x12;
const INTEGRATED = 0x13;
const SUBADDRESS = 0x2a;
const PAYLOAD_LENGTH: Record<number, number> = { [STANDARD]: 65, [INTEGRATED]: 73, [SUBADDRESS]: 65 };

function randomScalar(): bigint {
  for (;;) {
    const scalar = bytesToNumberLE(randomBytes(64)) % ORDER;
    if (scalar !== 0n) return scalar;
  }
}

function publicKeyOf(scalar: bigint): Uint8Array {
  return Point.BASE.multiply(scalar).toBytes();
}

/** Standard address: spend key random, view key derived from it the way Monero wallets do. */
function generateMoneroAddress(): string {
  const spendKey = randomScalar();
  const viewKey = bytesToNumberLE(keccak_256(numberToBytesLE(spendKey, 32))) % ORDER;
  const payload = concatBytes(Uint8Array.of(STANDARD), publicKeyOf(spendKey), publicKeyOf(viewKey));
  return base58xmr.encode(concatBytes(payload, keccak_256(payload).subarray(0, 4)));
}

function isPoint(bytes: Uint8Array): boolean {
  try {
    Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Standard, integrated and subaddresses of mainnet, with their Keccak checksum and valid keys. */
function isValidMoneroAddress(address: string): boolean {
  let decoded: Uint8Array;
  try {
    decoded = base58xmr.decode(address);
  } catch {
    return false;
  }
  const tag = decoded[0];
  if (tag === undefined || decoded.length !== (PAYLOAD_LENGTH[tag] ?? -1) + 4) return false;
  const payload = decoded.subarray(0, -4);
  if (!equalBytes(keccak_256(payload).subarray(0, 4), decoded.subarray(-4))) return false;
  return isPoint(payload.subarray(1, 33)) && isPoint(payload.subarray(33, 65));
}

export const moneroFormat: NetworkFormat = {
  generateAddress: generateMoneroAddress,
  isValidAddress: isValidMoneroAddress,
  fakeTxHash: () => randomHex(32),
};
