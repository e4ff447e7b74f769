import type { Catalogue } from '@gw/pricing';
import type { PayAddress } from './address-allocator';

/** What the address worker starts from (worker_threads' workerData). */
export interface AddressWorkerData {
  catalogue: Catalogue;
}

export interface AddressBatchRequest {
  id: number;
  /** A catalogue network code, already checked by the allocator. */
  network: string;
  count: number;
  /** An allocation is waiting for this batch (rather than it refilling a pool ahead of need). */
  urgent: boolean;
}

export type AddressBatchReply = { id: number; addresses: PayAddress[] } | { id: number; error: string };
