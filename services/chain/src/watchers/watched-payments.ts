import { paymentKindOf, type PaymentKind } from '@gw/domain';
import { staticAddressTermsOf, type WatchedStaticAddress } from '@gw/application';
import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, pendingRefund, type PaymentDocument, type StaticAddressDocument } from '@gw/views';

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
  return payments.map(watchedPaymentOf);
}

/**
 * The payments of a network created in one UTC minute (`createdMinute`, as `minuteOf` gives it), by
 * equality alone: the (payNetwork, createdMinute) index serves it on every engine, FerretDB 1.24
 * included, which pushes down equality but no range.
 */
export async function watchedPaymentsCreatedIn(
  readModels: ReadModelStore,
  network: string,
  minute: string,
): Promise<WatchedPayment[]> {
  const payments = await readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
    filter: { payNetwork: network, createdMinute: minute, parentPaymentId: null },
  });
  return payments.map(watchedPaymentOf);
}

const watchedPaymentOf = (p: PaymentDocument): WatchedPayment => ({
  paymentId: p.paymentId,
  merchantId: p.merchantId,
  payAddress: p.payAddress,
  payCurrency: p.payCurrency,
  requiredConfirmations: p.requiredConfirmations,
  kind: paymentKindOf(p),
});

/**
 * A refund the merchant was asked to send (packages/domain refunds.ts): the watcher looks for a
 * transfer of at least `amount` of the pay currency to the buyer's `refundAddress`, and reports it as
 * the payment's refund until the payment is refunded.
 */
export interface WatchedRefund {
  paymentId: number;
  merchantId: string;
  refundAddress: string;
  payCurrency: string;
  /** In the pay currency (a decimal string), as the request recorded it. */
  amount: string;
  requiredConfirmations: number;
  requestedAt: string;
  /**
   * Whether the payment's document keeps `refundPending`: one projected before it was kept is found
   * only by `watchedRefunds`, which a watcher runs at its full loads.
   */
  flagged: boolean;
}

/**
 * The refunds pending on a network, oldest request first, whenever the payment was made (a refund may
 * come long after the late-deposit window): read through the (payNetwork, refund.pendingSince) index;
 * the refunded ones, which pile up forever, are never read. A range, which FerretDB 1.24 answers by
 * decoding every payment of the network: a watcher asks it at its full loads, `flaggedRefunds` between.
 */
export async function watchedRefunds(readModels: ReadModelStore, network: string): Promise<WatchedRefund[]> {
  const payments = await readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
    filter: { payNetwork: network, 'refund.pendingSince': { $gt: '' } },
    sort: [['refund.pendingSince', 1]],
  });
  return payments.flatMap(watchedRefundOf);
}

/**
 * The refunds pending on a network whose documents keep `refundPending`, oldest request first, by
 * equality alone through the (payNetwork, refundPending) index.
 */
export async function flaggedRefunds(readModels: ReadModelStore, network: string): Promise<WatchedRefund[]> {
  const payments = await readModels
    .collection<PaymentDocument>(COLLECTIONS.payments)
    .find({ filter: { payNetwork: network, refundPending: true } });
  return payments.flatMap(watchedRefundOf).sort(byRequest);
}

/** Oldest request first: the order a transfer to a shared buyer address is matched in (refund-transfers.ts). */
export const byRequest = (a: WatchedRefund, b: WatchedRefund): number =>
  a.requestedAt < b.requestedAt ? -1 : a.requestedAt > b.requestedAt ? 1 : a.paymentId - b.paymentId;

function watchedRefundOf(payment: PaymentDocument): WatchedRefund[] {
  const refund = pendingRefund(payment);
  if (!refund) return [];
  return [
    {
      paymentId: payment.paymentId,
      merchantId: payment.merchantId,
      refundAddress: refund.address,
      payCurrency: payment.payCurrency,
      amount: refund.amount,
      requiredConfirmations: payment.requiredConfirmations,
      requestedAt: refund.requestedAt ?? '',
      flagged: payment.refundPending !== undefined,
    },
  ];
}

/**
 * The static addresses of a network opened in one UTC minute (`createdMinute`), by equality alone.
 */
export async function watchedStaticAddressesCreatedIn(
  readModels: ReadModelStore,
  network: string,
  minute: string,
): Promise<WatchedStaticAddress[]> {
  const addresses = await readModels
    .collection<StaticAddressDocument>(COLLECTIONS.staticAddresses)
    .find({ filter: { network, createdMinute: minute } });
  return addresses.map(watchedStaticAddressOf);
}

const watchedStaticAddressOf = (document: StaticAddressDocument): WatchedStaticAddress => ({
  id: document.id,
  ...staticAddressTermsOf(document),
});

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
  return addresses.map(watchedStaticAddressOf);
}
