import {
  CHAIN_FAMILIES,
  chainFamilyOf,
  EVM_WATCHED_NETWORKS,
  type ChainKind,
  type UtxoWatchedNetwork,
} from '@gw/platform';
import type { BTC_NETWORK } from '@scure/btc-signer/utils';

/**
 * Chains on which a merchant's watch-only wallet gives every payment its own address, as the chain
 * families declare them: Bitcoin and Litecoin (BIP84 native segwit), and `evm`, one BIP44 account key
 * (m/44'/60'/0') for every EVM network.
 */
export const WALLET_NETWORKS: readonly string[] = CHAIN_FAMILIES.flatMap((family) => family.walletNetworks);
export type WalletNetwork = string;
export type UtxoWalletNetwork = UtxoWatchedNetwork;

/**
 * The EVM networks watchers can follow. They share one address space, so they share the merchant's one
 * `evm` wallet and its one run of derivation indexes: an address is never handed to two payments, even
 * on two chains, and coins a buyer sends on the wrong chain still reach an address of that payment only.
 */
export const EVM_NETWORKS = EVM_WATCHED_NETWORKS;

/**
 * Which chain a network's node follows (BTC_CHAIN, LTC_CHAIN). Mainnet takes only mainnet keys; testnet
 * and regtest share the test key versions (tpub/vpub) and differ in the address prefix.
 */
export type { ChainKind };

export const isWalletNetwork = (network: string): network is WalletNetwork =>
  WALLET_NETWORKS.includes(network);

/** The wallet a catalogue network pays to (`eth`, `bsc` and `matic` all pay to `evm`), or null when none can. */
export function walletNetworkOf(network: string): WalletNetwork | null {
  const family = chainFamilyOf(network);
  if (family) return family.walletNetworkOf(network);
  return isWalletNetwork(network) ? network : null;
}

/** Base58 and bech32 parameters per chain (Bitcoin's and Litecoin's chainparams). */
const PARAMETERS: Record<UtxoWalletNetwork, Record<ChainKind, BTC_NETWORK>> = {
  btc: {
    mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  },
  ltc: {
    mainnet: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
    testnet: { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
    regtest: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
  },
};

export function chainParameters(network: UtxoWalletNetwork, kind: ChainKind): BTC_NETWORK {
  return PARAMETERS[network][kind];
}

/**
 * How many unused addresses in a row wallet apps scan before they stop looking (Electrum, BlueWallet,
 * Sparrow, Bitcoin Core's keypool default is larger): payments to addresses past it still arrive, but
 * the merchant's app shows them only after its gap limit is raised.
 */
export const WALLET_GAP_LIMIT = 20;
