import { equalBytes } from '@noble/curves/utils';
import { concatBytes } from '@noble/hashes/utils';
import { sha256 } from '@noble/hashes/sha2';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { hash160, randomHex, randomSecp256k1PublicKey } from '../keys';
import type { NetworkFormat } from '../network-format';

const base58check = createBase58check(sha256);

/** Version prefixes of base58check P2PKH and P2SH addresses; the first P2PKH one is what we issue. */
export interface Base58Versions {
  pubKeyHash: readonly Uint8Array[];
  scriptHash: readonly Uint8Array[];
}

export function encodeBase58Hash(version: Uint8Array, hash: Uint8Array): string {
  return base58check.encode(concatBytes(version, hash));
}

export function isValidBase58Hash(address: string, versions: Base58Versions): boolean {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return false;
  }
  return [...versions.pubKeyHash, ...versions.scriptHash].some(
    (version) =>
      payload.length === version.length + 20 && equalBytes(payload.subarray(0, version.length), version),
  );
}

/** BIP-173 / BIP-350: witness v0 programs use bech32, v1 and later use bech32m. */
export function isValidSegwitAddress(prefix: string, address: string): boolean {
  const asBech32 = bech32.decodeUnsafe(address);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(address);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded || decoded.prefix !== prefix) return false;
  const [version, ...data] = decoded.words;
  if (version === undefined || version > 16) return false;
  const program = bech32.fromWordsUnsafe(data);
  if (!program) return false;
  if (version === 0) return asBech32 !== undefined && (program.length === 20 || program.length === 32);
  return asBech32m !== undefined && program.length >= 2 && program.length <= 40;
}

/** Native segwit pay-to-witness-public-key-hash address of a compressed public key. */
export function p2wpkhAddress(prefix: string, publicKey: Uint8Array): string {
  return bech32.encode(prefix, [0, ...bech32.toWords(hash160(publicKey))]);
}

/** Issues native segwit P2WPKH addresses; accepts every segwit and legacy form the chain knows. */
export function segwitFormat(prefix: string, legacy: Base58Versions): NetworkFormat {
  return {
    generateAddress: () => p2wpkhAddress(prefix, randomSecp256k1PublicKey()),
    isValidAddress: (address) => isValidSegwitAddress(prefix, address) || isValidBase58Hash(address, legacy),
    fakeTxHash: () => randomHex(32),
  };
}

/** Issues base58check P2PKH addresses, for chains without segwit. */
export function base58Format(versions: Base58Versions): NetworkFormat {
  const [issued] = versions.pubKeyHash;
  if (!issued) throw new Error('A base58 format needs a P2PKH version');
  return {
    generateAddress: () => encodeBase58Hash(issued, hash160(randomSecp256k1PublicKey())),
    isValidAddress: (address) => isValidBase58Hash(address, versions),
    fakeTxHash: () => randomHex(32),
  };
}

const bytes = (...values: number[]) => Uint8Array.from(values);

export const bitcoinFormat = segwitFormat('bc', { pubKeyHash: [bytes(0x00)], scriptHash: [bytes(0x05)] });
export const litecoinFormat = segwitFormat('ltc', {
  pubKeyHash: [bytes(0x30)],
  scriptHash: [bytes(0x32), bytes(0x05)],
});
export const digibyteFormat = segwitFormat('dgb', {
  pubKeyHash: [bytes(0x1e)],
  scriptHash: [bytes(0x3f), bytes(0x05)],
});
export const dogecoinFormat = base58Format({ pubKeyHash: [bytes(0x1e)], scriptHash: [bytes(0x16)] });
export const dashFormat = base58Format({ pubKeyHash: [bytes(0x4c)], scriptHash: [bytes(0x10)] });
export const zcashTransparentFormat = base58Format({
  pubKeyHash: [bytes(0x1c, 0xb8)],
  scriptHash: [bytes(0x1c, 0xbd)],
});
