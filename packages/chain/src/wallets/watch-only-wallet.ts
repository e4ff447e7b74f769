import { walletFamilyOf } from './families';
import { WalletKeyError } from './wallet-key-error';
import { type ChainKind, type UtxoWalletNetwork, walletNetworkOf } from './wallet-networks';

/** A merchant's watch-only wallet on one chain: what receive addresses are derived from, and nothing secret. */
export interface UtxoWatchOnlyWallet {
  network: UtxoWalletNetwork;
  chainKind: ChainKind;
  /** The BIP84 account key, as xpub on mainnet or tpub on test chains. */
  extendedPublicKey: string;
  /** `wpkh(<key>/0/*)#checksum`: the receive chain, in the form wallet apps and nodes import. */
  descriptor: string;
  /** Names this key: a merchant who sets a key again continues its addresses, a new key starts at 0. */
  keyId: string;
}

/**
 * The one wallet of every EVM network: a BIP44 Ethereum account key (m/44'/60'/0'), whose addresses are
 * the same on every EVM chain; which chain a node follows is checked by its watcher (the chain id).
 */
export interface EvmWatchOnlyWallet {
  network: 'evm';
  chainKind: 'evm';
  /** The account key, as xpub. */
  extendedPublicKey: string;
  /** `<xpub>/0/*`: the receive chain the addresses are derived on. */
  descriptor: string;
  keyId: string;
}

/**
 * The Tron wallet: a BIP44 account key (m/44'/195'/0'), whose `T…` addresses are the same on mainnet,
 * Nile and Shasta; which chain a node follows is checked by its watcher (the chain id).
 */
export interface TronWatchOnlyWallet {
  network: 'trx';
  chainKind: 'mainnet';
  /** The account key, as xpub. */
  extendedPublicKey: string;
  /** `<xpub>/0/*`: the receive chain the addresses are derived on. */
  descriptor: string;
  keyId: string;
}

export type WatchOnlyWallet = UtxoWatchOnlyWallet | EvmWatchOnlyWallet | TronWatchOnlyWallet;

/**
 * Reads what a merchant pastes for a chain, as its chain family reads keys: on a UTXO chain an extended
 * public key (xpub/zpub on mainnet, tpub/vpub on testnet and regtest) or a descriptor `wpkh(<key>/0/*)`
 * of the chain the gateway's node follows; on an EVM network (`eth`, `bsc`, `matic`, or `evm` itself) an
 * Ethereum account xpub, which sets the one `evm` wallet.
 */
export function parseWatchOnlyWallet(input: string, network: string, chainKind: ChainKind): WatchOnlyWallet {
  const walletNetwork = walletNetworkOf(network);
  const family = walletNetwork === null ? null : walletFamilyOf(walletNetwork);
  if (walletNetwork === null || family === null)
    throw new WalletKeyError('UNSUPPORTED_NETWORK', `Network ${network} has no watch-only wallets yet`);
  return family.parse(input, walletNetwork, chainKind, network);
}
