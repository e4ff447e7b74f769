import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { bytesToHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { CANONICAL_VERSION } from './extended-key';
import { chainParameters } from './wallet-networks';
import type { WatchOnlyWallet } from './watch-only-wallet';

/** Receive chains already opened (key/0), by key: an address is then a single child derivation. */
const receiveChains = new Map<string, HDKey>();
const RECEIVE_CHAINS_KEPT = 1_000;

function receiveChainOf(wallet: WatchOnlyWallet): HDKey {
  const cached = receiveChains.get(wallet.extendedPublicKey);
  if (cached) return cached;
  const version =
    CANONICAL_VERSION[wallet.chainKind === 'mainnet' || wallet.chainKind === 'evm' ? 'mainnet' : 'test'];
  const chain = HDKey.fromExtendedKey(wallet.extendedPublicKey, { public: version, private: 0 }).deriveChild(
    0,
  );
  if (receiveChains.size >= RECEIVE_CHAINS_KEPT) receiveChains.delete(receiveChains.keys().next().value!);
  receiveChains.set(wallet.extendedPublicKey, chain);
  return chain;
}

/**
 * The address at `key/0/index`: native segwit with the chain's bech32 prefix (bc, tb, bcrt, ltc, tltc,
 * rltc), or for the EVM wallet the EIP-55 checksummed address of the uncompressed public key.
 */
export function receiveAddress(wallet: WatchOnlyWallet, index: number): string {
  const publicKey = receiveChainOf(wallet).deriveChild(index).publicKey!;
  if (wallet.network === 'evm') {
    const uncompressed = secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false);
    return publicKeyToAddress(bytesToHex(uncompressed));
  }
  return p2wpkh(publicKey, chainParameters(wallet.network, wallet.chainKind)).address!;
}

/** `count` receive addresses from `from` on: what a merchant compares with the wallet app. */
export function receiveAddresses(wallet: WatchOnlyWallet, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => receiveAddress(wallet, from + offset));
}
