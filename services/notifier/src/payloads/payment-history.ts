import { eventOf } from '@gw/contracts';
import { paymentAggregate, type PaymentStatus } from '@gw/domain';
import type { StoredEvent } from '@gw/store';
import { projectPayment, type PaymentDocument } from '@gw/views';

export interface PaymentAtEvent {
  /** The status just before the event; null when the event created the payment. */
  statusBefore: PaymentStatus | null;
  /**
   * The payment exactly as of the event, as the read model's document (the projection the family's
   * records are built from too): later events never leak into its webhook.
   */
  payment: PaymentDocument;
}

/** Folds a payment stream up to and including `version` with the read model's projection; null when the stream does not reach it. */
export function paymentAtVersion(
  history: readonly Pick<StoredEvent, 'version' | 'type' | 'data'>[],
  version: number,
): PaymentAtEvent | null {
  let doc: PaymentDocument | null = null;
  let statusBefore: PaymentStatus | null = null;
  let reached = false;
  for (const stored of history) {
    if (stored.version > version) break;
    if (stored.version === version) {
      statusBefore = doc?.status ?? null;
      reached = true;
    }
    doc = projectPayment(doc, eventOf(stored, paymentAggregate), stored.version);
  }
  if (!reached || !doc) return null;
  return { statusBefore, payment: doc };
}
