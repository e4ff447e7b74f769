import { type Catalogue, curatedCatalogue } from '@gw/pricing';
import { formatOfNetwork } from './network-formats';

/**
 * Whether `address` is a well-formed mainnet address of `network`, checksum included. Accepts every
 * form a payout may be sent to (legacy and segwit, CashAddr, subaddresses, ...), not only the form we issue.
 */
export function validateAddress(
  network: string,
  address: string,
  catalogue: Catalogue = curatedCatalogue,
): boolean {
  return formatOfNetwork(network, catalogue).isValidAddress(address);
}
