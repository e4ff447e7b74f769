import { paymentKindOf, type PaymentKind } from '@gw/domain';
import { staticAddressTermsOf, type WatchedStaticAddress } from '@gw/application';
import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, type PaymentDocument, type StaticAddressDocument } from '@gw/views';

/** A payment the watcher looks for deposits to. */
export interface WatchedPayment {
  paymentId: number;
  merchantId: string;
  payAddress: string;
  payCurrency: string;
  requiredConfirmations: number;
  /**
   * A deposit to a static address (`static_address`) is a payment of its own at the address's pay
   * address: new money there is the address's to decide, never this payment's.
   */
  kind: PaymentKind;
}

/**
 * A payment is watched until this long after its expiry, whatever its status: money sent late, or
 * again to a finished payment, is still recorded (a late deposit), never lost.
 */
export const LATE_DEPOSIT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The payments of a network whose address may still receive, from the payments read model. A V1
 * repeated payment shares its parent's address and is left out: what arrives there is the parent's.
 * Read through the (payNetwork, expiresAt) index, from the window's start on: the payments past the
 * window and those of other networks, which pile up forever, are never read.
 */
export async function watchedPayments(
  readModels: ReadModelStore,
  network: string,
  now: Date,
): Promise<WatchedPayment[]> {
  const payments = await readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
    filter: {
      payNetwork: network,
      parentPaymentId: null,
      expiresAt: { $gt: new Date(now.getTime() - LATE_DEPOSIT_WINDOW_MS).toISOString() },
    },
    sort: [['expiresAt', 1]],
  });
  return payments.map((p) => ({
    paymentId: p.paymentId,
    merchantId: p.merchantId,
    payAddress: p.payAddress,
    payCurrency: p.payCurrency,
    requiredConfirmations: p.requiredConfirmations,
    kind: paymentKindOf(p),
  }));
}

/**
 * The static addresses of a network, open or revoked, with no expiry: an open one's deposits are
 * credited, a revoked one's are recorded as refused, and neither is ever left unwatched.
 */
export async function watchedStaticAddresses(
  readModels: ReadModelStore,
  network: string,
): Promise<WatchedStaticAddress[]> {
  const addresses = await readModels
    .collection<StaticAddressDocument>(COLLECTIONS.staticAddresses)
    .find({ filter: { network }, sort: [['staticAddressId', 1]] });
  return addresses.map((document) => ({ id: document.id, ...staticAddressTermsOf(document) }));
}
