import type { Delivery, DeliveryLogEvent, DeliveryState } from '../delivery/delivery';
import type { DeliveryPage, DeliveryPageQuery } from './delivery-keyset';

export interface DeliveryQuery {
  merchantId?: string;
  state?: DeliveryState;
  paymentId?: number;
  /** Newest first. */
  limit: number;
  offset: number;
}

/**
 * How far the start-up catch-up has checked the history read model: every payment event that occurred
 * before `caughtUpTo` has been turned into a delivery (or needed none), give or take the catch-up's safety
 * window. `since` is when the notifier first ran; status changes older than that predate it and are never
 * delivered, so installing it on a busy store sends no history.
 */
export interface NotifierCheckpoint {
  since: string;
  caughtUpTo: string;
}

/**
 * A stored checkpoint as either format holds it: before the catch-up read the history read model it
 * counted events of the event store's `readAll()` (`position`), which no instant can be derived from.
 * Such a checkpoint reads as "caught up to `since`": the first start after the upgrade examines every
 * event since the notifier first ran once (the delivery ids make that harmless), then saves an instant.
 */
export function checkpointOf(stored: { since: string; caughtUpTo?: string | undefined }): NotifierCheckpoint {
  return { since: stored.since, caughtUpTo: stored.caughtUpTo ?? stored.since };
}

export class UnknownDeliveryError extends Error {
  override readonly name = 'UnknownDeliveryError';
  constructor(readonly deliveryId: string) {
    super(`no delivery ${deliveryId}`);
  }
}

/**
 * The notifier's own durable store: every delivery and every attempt, outside the event store (whose
 * outbox would publish them to payments.events). Adapters: an append-only JSONL file (embedded) and
 * MongoDB; one contract suite runs against both.
 */
export interface DeliveryLog {
  open(): Promise<void>;
  /**
   * Makes an event durable and returns the delivery as it now stands. Scheduling an id that exists is
   * a no-op returning the existing delivery (at-least-once intake); other events need a known id.
   */
  append(event: DeliveryLogEvent): Promise<Delivery>;
  get(deliveryId: string): Promise<Delivery | null>;
  find(query: DeliveryQuery): Promise<{ deliveries: Delivery[]; total: number }>;
  /** One merchant's deliveries a page at a time by keyset (the dashboard): no count, no skipped rows. */
  page(query: DeliveryPageQuery): Promise<DeliveryPage>;
  /** Every delivery still to be sent, for the dispatcher at start and on its periodic sync. */
  pending(): Promise<Delivery[]>;
  /** A payment's deliveries in status-change order. */
  ofPayment(paymentId: number): Promise<Delivery[]>;
  checkpoint(): Promise<NotifierCheckpoint | null>;
  saveCheckpoint(checkpoint: NotifierCheckpoint): Promise<void>;
  close(): Promise<void>;
}
