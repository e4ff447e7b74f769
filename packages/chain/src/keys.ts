import { randomBytes } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';

export function randomSecp256k1PublicKey(compressed = true): Uint8Array {
  for (;;) {
    const secretKey = randomBytes(32);
    if (secp256k1.utils.isValidSecretKey(secretKey)) return secp256k1.getPublicKey(secretKey, compressed);
  }
}

export function randomEd25519PublicKey(): Uint8Array {
  return ed25519.getPublicKey(randomBytes(32));
}

export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

export function sha256d(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes));
}

export function randomHex(byteLength: number): string {
  return randomBytes(byteLength).toString('hex');
}

export { randomBytes };
