import { type Catalogue, curatedCatalogue } from '@gw/pricing';
import { formatOfNetwork } from './network-formats';

export interface PayAddress {
  address: string;
  /** Memo or destination tag the buyer must add; null when the address alone identifies the payment. */
  extraId: string | null;
}

/** Hands out the address a buyer pays a payment to: never one handed out before. */
export interface AddressAllocator {
  allocate(network: string): Promise<PayAddress>;
}

/**
 * Derives every address from fresh random key material and forgets the secret half, so addresses are
 * well-formed and never repeat but nobody can spend from them: the sandbox's allocator. A wallet-backed
 * allocator (HD keys, a custody API) plugs in behind the same port.
 */
export class RandomKeyAddressAllocator implements AddressAllocator {
  constructor(private readonly catalogue: Catalogue = curatedCatalogue) {}

  async allocate(network: string): Promise<PayAddress> {
    return { address: formatOfNetwork(network, this.catalogue).generateAddress(), extraId: null };
  }
}
