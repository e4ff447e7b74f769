import { HDKey } from '@scure/bip32';
import { sha256 } from '@noble/hashes/sha2';
import { base58, createBase58check } from '@scure/base';
import { WalletKeyError } from './wallet-key-error';

const base58check = createBase58check(sha256);

/** Serialized BIP32 key: version (4), depth, parent fingerprint (4), child number (4), chain code (32), key (33). */
const EXTENDED_KEY_BYTES = 78;

type KeyChain = 'mainnet' | 'test';

/** SLIP-132 version bytes of the public keys a BIP84 wallet exports, and what each is called. */
const PUBLIC_VERSIONS: Record<number, { name: string; chain: KeyChain }> = {
  0x0488b21e: { name: 'xpub', chain: 'mainnet' },
  0x04b24746: { name: 'zpub', chain: 'mainnet' },
  0x019da462: { name: 'Ltub', chain: 'mainnet' },
  0x01b26ef6: { name: 'Mtub', chain: 'mainnet' },
  0x043587cf: { name: 'tpub', chain: 'test' },
  0x045f1cf6: { name: 'vpub', chain: 'test' },
  0x0436f6e1: { name: 'ttub', chain: 'test' },
};
const NESTED_SEGWIT_VERSIONS = new Set([0x049d7cb2, 0x044a5262]);
const PRIVATE_VERSIONS = new Set([
  0x0488ade4, 0x04b2430c, 0x049d7878, 0x019d9cfe, 0x01b26792, 0x04358394, 0x045f18bc, 0x044a4e28, 0x0436ef7d,
]);
/** The versions the gateway keeps keys in, whichever the merchant pasted: derivation ignores the version. */
export const CANONICAL_VERSION: Record<KeyChain, number> = { mainnet: 0x0488b21e, test: 0x043587cf };

export interface ExtendedPublicKey {
  /** The same key re-encoded as xpub (mainnet) or tpub (test chains). */
  canonical: string;
  chain: KeyChain;
  /** What the merchant pasted it as: xpub, zpub, tpub, vpub, … */
  pastedAs: string;
}

/** Checks the base58 checksum, length and version of an extended public key; private keys are refused. */
export function parseExtendedPublicKey(text: string): ExtendedPublicKey {
  let raw: Uint8Array;
  try {
    raw = base58.decode(text);
  } catch {
    throw new WalletKeyError('MALFORMED_KEY', 'The extended public key is not valid base58');
  }
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    throw new WalletKeyError(
      'BAD_CHECKSUM',
      'The extended public key fails its checksum: a character is wrong or missing; copy it again from the wallet app',
    );
  }
  if (payload.length !== EXTENDED_KEY_BYTES || raw.length !== EXTENDED_KEY_BYTES + 4)
    throw new WalletKeyError('MALFORMED_KEY', 'The text is not an extended public key (wrong length)');
  const version = new DataView(payload.buffer, payload.byteOffset, 4).getUint32(0);
  if (PRIVATE_VERSIONS.has(version))
    throw new WalletKeyError(
      'PRIVATE_KEY',
      'This is an extended PRIVATE key: never paste it anywhere. The gateway only needs the public key (xpub/zpub, tpub/vpub)',
    );
  if (NESTED_SEGWIT_VERSIONS.has(version))
    throw new WalletKeyError(
      'MALFORMED_KEY',
      'ypub/upub keys are for nested segwit (BIP49); export the native segwit (BIP84) account key, zpub or vpub',
    );
  const known = PUBLIC_VERSIONS[version];
  if (!known) throw new WalletKeyError('MALFORMED_KEY', 'The extended public key has an unknown version');
  const canonical = new Uint8Array(payload);
  new DataView(canonical.buffer).setUint32(0, CANONICAL_VERSION[known.chain]);
  return { canonical: base58check.encode(canonical), chain: known.chain, pastedAs: known.name };
}

/** The same public key serialised under other version bytes (xpub, tpub, zpub, …): its public part only. */
export function publicKeyWithVersion(key: HDKey, version: number): string {
  return new HDKey({
    versions: { public: version, private: 0 },
    publicKey: key.publicKey!,
    chainCode: key.chainCode!,
    depth: key.depth,
    parentFingerprint: key.parentFingerprint,
    index: key.index,
  }).publicExtendedKey;
}
