import type { ChainFamilyId, ChainKind, ChainWatchersConfig } from '@gw/platform';
import type { WatchOnlyWallet } from '../watch-only-wallet';

/** What a merchant's wallet record holds, as packages/chain derives from it. */
export interface WalletKey {
  extendedPublicKey: string;
  descriptor: string;
  keyId: string;
}

/**
 * The wallet side of a chain family (packages/platform's chain family of the same id declares its
 * networks and settings): the key a merchant pastes, and the address of each derived public key.
 */
export interface WalletFamily {
  readonly id: ChainFamilyId;
  /** Reads what a merchant pastes for one of the family's wallets; throws WalletKeyError. */
  parse(input: string, walletNetwork: string, chainKind: ChainKind, network: string): WatchOnlyWallet;
  /** The receive address of the compressed public key at `key/0/index`. */
  address(publicKey: Uint8Array, wallet: WatchOnlyWallet): string;
  /** A recorded wallet back, as its family derives from it. */
  fromRecord(walletNetwork: string, chainKind: string, key: WalletKey): WatchOnlyWallet;
  /**
   * Whether money can be sent to `address` on a network of the family, as its node's chain writes
   * addresses (a UTXO chain's prefix is the node's: `bc1`/`1`/`3` on mainnet, `bcrt1` on regtest): where
   * a refund may go.
   */
  isAddress(address: string, walletNetwork: string, chainKind: ChainKind): boolean;
  /** Whether the wallet takes real money on a network's node (a UTXO key must be of the node's chain). */
  pays(wallet: WatchOnlyWallet, network: string, watchers: Pick<ChainWatchersConfig, 'chains'>): boolean;
}
