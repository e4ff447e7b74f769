import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import type { PaymentStatus } from '@gw/domain';

/** A payment the watcher looks for deposits to. */
export interface WatchedPayment {
  paymentId: number;
  merchantId: string;
  payAddress: string;
  requiredConfirmations: number;
}

/** Statuses still waiting for the chain; `expired` too, because a late deposit is still recorded. */
const WATCHED_STATUSES: PaymentStatus[] = ['waiting', 'partially_paid', 'confirming', 'confirmed', 'expired'];
/** An expired payment is watched this long after its expiry for late deposits. */
export const LATE_DEPOSIT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The open payments of a network, from the payments read model. */
export async function watchedPayments(
  readModels: ReadModelStore,
  network: string,
  now: Date,
): Promise<WatchedPayment[]> {
  const payments = await readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
    filter: {
      payNetwork: network,
      status: { $in: WATCHED_STATUSES },
      expiresAt: { $gt: new Date(now.getTime() - LATE_DEPOSIT_WINDOW_MS).toISOString() },
    },
  });
  return payments.map((p) => ({
    paymentId: p.paymentId,
    merchantId: p.merchantId,
    payAddress: p.payAddress,
    requiredConfirmations: p.requiredConfirmations,
  }));
}
