import { readUntil } from '@gw/runtime';
import type { Filter, ReadModelStore } from '@gw/store';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';

const LOOKUP_WAIT_MS = 1_000;
const LOOKUP_POLL_MS = 25;

/**
 * Finds a payment in the read model, waiting up to a second for one that is not there yet: a tester
 * who pays right after creating a payment would otherwise race the projector.
 */
export async function findPayment(
  readModels: ReadModelStore,
  filter: Filter,
  waitMs = LOOKUP_WAIT_MS,
): Promise<PaymentDocument | null> {
  const payments = readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  return readUntil(
    () => payments.findOne(filter),
    (payment) => payment !== null,
    {
      deadline: Date.now() + waitMs,
      pollMs: LOOKUP_POLL_MS,
    },
  );
}
