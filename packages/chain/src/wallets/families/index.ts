import { chainFamilyOf, chainFamilyOfWallet, type ChainFamilyId } from '@gw/platform';
import { evmWallets } from './evm-wallets';
import { tronWallets } from './tron-wallets';
import { utxoWallets } from './utxo-wallets';
import type { WalletFamily } from './wallet-family';

export type { WalletFamily, WalletKey } from './wallet-family';

/** The wallet side of each chain family, by the family's id. */
const WALLET_FAMILIES: Record<ChainFamilyId, WalletFamily> = {
  utxo: utxoWallets,
  evm: evmWallets,
  tron: tronWallets,
};

/** The wallet family of a wallet network (`btc`, `evm`…), or null where no merchant wallet can be set. */
export function walletFamilyOf(walletNetwork: string): WalletFamily | null {
  const family = chainFamilyOfWallet(walletNetwork);
  return family ? WALLET_FAMILIES[family.id] : null;
}

/** The wallet family of a catalogue network's payments, or null for a sandbox-only network. */
export function walletFamilyOfNetwork(network: string): WalletFamily | null {
  const family = chainFamilyOf(network);
  return family ? WALLET_FAMILIES[family.id] : null;
}
