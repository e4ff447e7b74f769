import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { descriptorChecksum } from './descriptor-checksum';
import { parseExtendedPublicKey } from './extended-key';
import { WalletKeyError } from './wallet-key-error';
import { type ChainKind, isWalletNetwork, type WalletNetwork } from './wallet-networks';

/** A merchant's watch-only wallet on one chain: what receive addresses are derived from, and nothing secret. */
export interface WatchOnlyWallet {
  network: WalletNetwork;
  chainKind: ChainKind;
  /** The BIP84 account key, as xpub on mainnet or tpub on test chains. */
  extendedPublicKey: string;
  /** `wpkh(<key>/0/*)#checksum`: the receive chain, in the form wallet apps and nodes import. */
  descriptor: string;
  /** Names this key: a merchant who sets a key again continues its addresses, a new key starts at 0. */
  keyId: string;
}

/** `wpkh(` optional `[fingerprint/path]` key `/0/*)` optional `#checksum`. */
const DESCRIPTOR =
  /^wpkh\((?:\[[0-9a-fA-F]{8}(?:\/\d+['hH]?)*\])?([1-9A-HJ-NP-Za-km-z]+)\/0\/\*\)(?:#([a-z0-9]{8}))?$/;

/**
 * Reads what a merchant pastes for a chain: an extended public key (xpub/zpub on mainnet, tpub/vpub on
 * testnet and regtest) or a descriptor `wpkh(<key>/0/*)`, with or without its checksum, which is verified
 * when present. The key's chain must be the one the gateway's node follows.
 */
export function parseWatchOnlyWallet(input: string, network: string, chainKind: ChainKind): WatchOnlyWallet {
  if (!isWalletNetwork(network))
    throw new WalletKeyError('UNSUPPORTED_NETWORK', `Network ${network} has no watch-only wallets yet`);
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
    network,
    chainKind,
    extendedPublicKey: key.canonical,
    descriptor: `${body}#${descriptorChecksum(body)}`,
    keyId: bytesToHex(sha256(utf8ToBytes(`${network}:${key.canonical}`))).slice(0, 16),
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
