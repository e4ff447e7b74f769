import { parseTronWallet, tronAddressOf } from '../tron-wallet';
import { isTronAddress } from '@gw/platform';
import type { WalletFamily } from './wallet-family';

/** The Tron wallet (m/44'/195'/0'): `T…` addresses; the watcher checks which Tron chain its node follows. */
export const tronWallets: WalletFamily = {
  id: 'tron',
  parse: (input) => parseTronWallet(input),
  address: (publicKey) => tronAddressOf(publicKey),
  fromRecord: (_walletNetwork, _chainKind, key) => ({ network: 'trx', chainKind: 'mainnet', ...key }),
  isAddress: (address) => isTronAddress(address),
  pays: () => true,
};
