import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { randomHex, randomSecp256k1PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55 mixed-case checksum of a 0x-prefixed 20-byte address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    checksummed += parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return checksummed;
}

export function evmAddressOf(uncompressedPublicKey: Uint8Array): string {
  return toChecksumAddress(`0x${bytesToHex(keccak_256(uncompressedPublicKey.subarray(1)).subarray(-20))}`);
}

/** Single-case addresses carry no checksum and stay valid (EIP-55); mixed case must match it. */
export function isValidEvmAddress(address: string): boolean {
  if (!HEX_ADDRESS.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

export const evmFormat: NetworkFormat = {
  generateAddress: () => evmAddressOf(randomSecp256k1PublicKey(false)),
  isValidAddress: isValidEvmAddress,
  fakeTxHash: () => `0x${randomHex(32)}`,
};
