import { Address, p2wpkh } from '@scure/btc-signer';
import type { UtxoWatchedNetwork } from '@gw/platform';
import { descriptorChecksum } from '../descriptor-checksum';
import { parseExtendedPublicKey } from '../extended-key';
import { WalletKeyError } from '../wallet-key-error';
import { walletKeyId } from '../wallet-key-id';
import { chainParameters, type ChainKind, type UtxoWalletNetwork } from '../wallet-networks';
import type { UtxoWatchOnlyWallet } from '../watch-only-wallet';
import type { WalletFamily } from './wallet-family';

/** `wpkh(` optional `[fingerprint/path]` key `/0/*)` optional `#checksum`. */
const DESCRIPTOR =
  /^wpkh\((?:\[[0-9a-fA-F]{8}(?:\/\d+['hH]?)*\])?([1-9A-HJ-NP-Za-km-z]+)\/0\/\*\)(?:#([a-z0-9]{8}))?$/;

/**
 * Reads a BIP84 account key (xpub/zpub on mainnet, tpub/vpub on testnet and regtest) or a descriptor
 * `wpkh(<key>/0/*)`, with or without its checksum, which is verified when present. The key's chain must
 * be the one the gateway's node follows.
 */
function parseUtxoWallet(
  input: string,
  network: UtxoWalletNetwork,
  chainKind: ChainKind,
): UtxoWatchOnlyWallet {
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
    keyId: walletKeyId(network, key.canonical),
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

/** Bitcoin and Litecoin: one wallet per chain, native segwit addresses with the chain's bech32 prefix. */
export const utxoWallets: WalletFamily = {
  id: 'utxo',
  parse: (input, walletNetwork, chainKind) =>
    parseUtxoWallet(input, walletNetwork as UtxoWalletNetwork, chainKind),
  address: (publicKey, wallet) => {
    const { network, chainKind } = wallet as UtxoWatchOnlyWallet;
    return p2wpkh(publicKey, chainParameters(network, chainKind)).address!;
  },
  // Every standard form a wallet may give (legacy, script hash, segwit, taproot) of the node's chain.
  isAddress: (address, walletNetwork, chainKind) => {
    try {
      Address(chainParameters(walletNetwork as UtxoWalletNetwork, chainKind)).decode(address);
      return true;
    } catch {
      return false;
    }
  },
  fromRecord: (walletNetwork, chainKind, key) => ({
    network: walletNetwork as UtxoWalletNetwork,
    chainKind: chainKind as ChainKind,
    ...key,
  }),
  // A wallet set for another chain (the operator moved the node from regtest to mainnet) takes nothing.
  pays: (wallet, network, watchers) => wallet.chainKind === watchers.chains[network as UtxoWatchedNetwork],
};
