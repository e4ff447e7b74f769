import { type Catalogue, curatedCatalogue } from '@gw/pricing';
import { formatOfNetwork } from './network-formats';

/** A random transaction hash shaped like the network's, for sandbox deposits. */
export function fakeTxHash(network: string, catalogue: Catalogue = curatedCatalogue): string {
  return formatOfNetwork(network, catalogue).fakeTxHash();
}
