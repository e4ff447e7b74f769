import { HDKey } from '@scure/bip32';
import { CANONICAL_VERSION } from './extended-key';
import { walletFamilyOf } from './families';
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
 * The address at `key/0/index`, as the wallet's chain family encodes it: native segwit with the chain's
 * bech32 prefix (bc, tb, bcrt, ltc, tltc, rltc), or for the EVM wallet the EIP-55 checksummed address of
 * the uncompressed public key.
 */
export function receiveAddress(wallet: WatchOnlyWallet, index: number): string {
  const family = walletFamilyOf(wallet.network);
  if (!family) throw new Error(`No chain family derives ${wallet.network} addresses`);
  return family.address(receiveChainOf(wallet).deriveChild(index).publicKey!, wallet);
}

/** `count` receive addresses from `from` on: what a merchant compares with the wallet app. */
export function receiveAddresses(wallet: WatchOnlyWallet, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => receiveAddress(wallet, from + offset));
}
