import { descriptorChecksum } from './descriptor-checksum';
import { parseExtendedPublicKey } from './extended-key';
import { WalletKeyError } from './wallet-key-error';
import { walletKeyId } from './wallet-key-id';
import { parseEvmWallet } from './evm-wallet';
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

export type WatchOnlyWallet = UtxoWatchOnlyWallet | EvmWatchOnlyWallet;

/** `wpkh(` optional `[fingerprint/path]` key `/0/*)` optional `#checksum`. */
const DESCRIPTOR =
  /^wpkh\((?:\[[0-9a-fA-F]{8}(?:\/\d+['hH]?)*\])?([1-9A-HJ-NP-Za-km-z]+)\/0\/\*\)(?:#([a-z0-9]{8}))?$/;

/**
 * Reads what a merchant pastes for a chain: an extended public key (xpub/zpub on mainnet, tpub/vpub on
 * testnet and regtest) or a descriptor `wpkh(<key>/0/*)`, with or without its checksum, which is verified
 * when present. The key's chain must be the one the gateway's node follows. An EVM network (`eth`, `bsc`,
 * `matic`, or `evm` itself) takes an Ethereum account xpub and sets the one `evm` wallet.
 */
export function parseWatchOnlyWallet(input: string, network: string, chainKind: ChainKind): WatchOnlyWallet {
  const walletNetwork = walletNetworkOf(network);
  if (walletNetwork === null)
    throw new WalletKeyError('UNSUPPORTED_NETWORK', `Network ${network} has no watch-only wallets yet`);
  if (walletNetwork === 'evm') return parseEvmWallet(input);
  const text = input.trim();
  const keyText = text.startsWith('wpkh(') || text.includes('(') ? descriptorKey(text) : text;
  const key = parseExtendedPublicKey(keyText);
  const wantsMainnet = chainKind === 'mainnet';
  if (wantsMainnet !== (key.chain === 'mainnet'))
    throw new WalletKeyError(
      'WRONG_CHAIN',
      wantsMainnet
        ? `This ${key.pastedAs} is a testnet key, and ${network} here runs on mainnet`
        : `This ${key.pastedAs} is a mainnet key, and ${network} here runs on ${chainKind}: use a tpub or vpub`,
    );
  const body = `wpkh(${key.canonical}/0/*)`;
  return {
    network: walletNetwork,
    chainKind,
    extendedPublicKey: key.canonical,
    descriptor: `${body}#${descriptorChecksum(body)}`,
    keyId: walletKeyId(walletNetwork, key.canonical),
  };
}

function descriptorKey(text: string): string {
  const match = DESCRIPTOR.exec(text);
  if (!match)
    throw new WalletKeyError(
      'UNSUPPORTED_DESCRIPTOR',
      'Only native segwit receive descriptors are supported: wpkh(<xpub>/0/*), optionally with [fingerprint/path] and #checksum',
    );
  const [, key, checksum] = match;
  if (checksum !== undefined && descriptorChecksum(text.slice(0, text.indexOf('#'))) !== checksum)
    throw new WalletKeyError(
      'BAD_CHECKSUM',
      'The descriptor checksum does not match; copy it again from the wallet app',
    );
  return key!;
}
