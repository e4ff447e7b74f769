import type { ChainFamily } from './chain-family';
import { evmFamily } from './evm-family';
import { tronFamily } from './tron-family';
import { utxoFamily } from './utxo-family';

export * from './chain-family';
export * from './utxo-family';
export * from './evm-family';
export * from './tron-family';
export * from './tron-address';

/**
 * Every chain family a watcher can follow, in the order their variables are documented. A new family is
 * one module here (its networks and settings), one wallet family in packages/chain and one ChainSource
 * in services/chain; nothing else branches on families.
 */
export const CHAIN_FAMILIES: readonly ChainFamily[] = [
  utxoFamily,
  evmFamily,
  tronFamily,
] as readonly ChainFamily[];

/** Networks a chain watcher can follow; the rest stay sandbox-only. */
export const WATCHED_NETWORKS = CHAIN_FAMILIES.flatMap(
  (family) => family.networks,
) as readonly WatchedNetwork[];
export type WatchedNetwork =
  | (typeof utxoFamily.networks)[number]
  | (typeof evmFamily.networks)[number]
  | (typeof tronFamily.networks)[number];

/** The family of a watched network, or null for a sandbox-only one. */
export function chainFamilyOf(network: string): ChainFamily | null {
  return CHAIN_FAMILIES.find((family) => (family.networks as readonly string[]).includes(network)) ?? null;
}

/** The family whose merchant wallet a wallet network names (`btc`, `evm`…), or null. */
export function chainFamilyOfWallet(walletNetwork: string): ChainFamily | null {
  return CHAIN_FAMILIES.find((family) => family.walletNetworks.includes(walletNetwork)) ?? null;
}

/** The prefix of a network's variables: the catalogue code, but POLYGON_ for `matic`. */
export const ENV_PREFIX = Object.fromEntries(
  CHAIN_FAMILIES.flatMap((family) => family.networks.map((network) => [network, family.envPrefix(network)])),
) as Record<WatchedNetwork, string>;
