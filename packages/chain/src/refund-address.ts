import { chainFamilyOf, type ChainWatchersConfig } from '@gw/platform';
import { validateAddress } from './validate-address';
import { walletFamilyOfNetwork } from './wallets';

/**
 * Whether a refund of a payment on `network` can be sent to `address`: on a watched chain family, an
 * address of the chain the gateway's node follows (the watcher can then see the refund arrive); on a
 * sandbox-only network, a well-formed address of the catalogue's format.
 */
export function isRefundAddress(
  network: string,
  address: string,
  watchers: Pick<ChainWatchersConfig, 'chains'>,
): boolean {
  const chainFamily = chainFamilyOf(network);
  const walletFamily = walletFamilyOfNetwork(network);
  if (!chainFamily || !walletFamily) return validateAddress(network, address);
  return walletFamily.isAddress(
    address,
    chainFamily.walletNetworkOf(network),
    chainFamily.walletChainKind(network, watchers),
  );
}
