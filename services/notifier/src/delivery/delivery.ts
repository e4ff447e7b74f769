import type { Family, PaymentStatus } from '@gw/domain';

/**
 * One webhook for one status change of one payment, and everything that happened to it. Its history is
 * an append-only list of DeliveryLogEvents; `evolveDelivery` folds them, in the embedded log and in
 * MongoDB alike.
 */
export type DeliveryState = 'pending' | 'delivered' | 'dead';

export interface DeliveryAttempt {
  /** 1-based over the delivery's whole life, redeliveries included. */
  number: number;
  at: string;
  latencyMs: number;
  /** HTTP status, or null when no response arrived (refused, timeout, connection error). */
  statusCode: number | null;
  error: string | null;
  /** The first 1 KiB of the response body. */
  responseBody: string;
}

export interface NewDelivery {
  deliveryId: string;
  merchantId: string;
  paymentId: number;
  family: Family;
  /** The payment stream version of the status change; orders the deliveries of one payment. */
  eventVersion: number;
  paymentStatus: PaymentStatus;
  /** The status as the family's webhook spells it (paid, Paid, finished…). */
  webhookStatus: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  createdAt: string;
  /** The trace of the status change (W3C `traceparent`), which every attempt continues. */
  traceparent?: string;
}

export interface Delivery extends NewDelivery {
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  attemptCount: number;
  /** Attempts since the last (re)scheduling; the retry schedule counts these. */
  cycleAttempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  deadReason: string | null;
  adminRedeliveries: number;
  merchantResends: number;
  updatedAt: string;
}

export type RedeliveryOrigin = 'admin' | 'merchant';

export type DeliveryLogEvent =
  | { type: 'DeliveryScheduled'; delivery: NewDelivery }
  | { type: 'AttemptFailed'; deliveryId: string; attempt: DeliveryAttempt; nextAttemptAt: string }
  | { type: 'Delivered'; deliveryId: string; attempt: DeliveryAttempt }
  | { type: 'DeadLettered'; deliveryId: string; attempt: DeliveryAttempt; reason: string }
  | { type: 'RedeliveryRequested'; deliveryId: string; at: string; origin: RedeliveryOrigin };

/** Attempts kept per delivery; older ones drop off, the count stays exact. */
export const MAX_KEPT_ATTEMPTS = 50;

export function scheduledDelivery(delivery: NewDelivery): Delivery {
  return {
    ...delivery,
    state: 'pending',
    attempts: [],
    attemptCount: 0,
    cycleAttempts: 0,
    nextAttemptAt: delivery.createdAt,
    deliveredAt: null,
    deadReason: null,
    adminRedeliveries: 0,
    merchantResends: 0,
    updatedAt: delivery.createdAt,
  };
}

/** Applies one log event; an event that does not fit the delivery's state (a replayed duplicate) changes nothing. */
export function evolveDelivery(
  delivery: Delivery,
  event: Exclude<DeliveryLogEvent, { type: 'DeliveryScheduled' }>,
): Delivery {
  const withAttempt = (attempt: DeliveryAttempt) => ({
    attempts: [...delivery.attempts, attempt].slice(-MAX_KEPT_ATTEMPTS),
    attemptCount: Math.max(delivery.attemptCount, attempt.number),
    cycleAttempts: delivery.cycleAttempts + 1,
    updatedAt: attempt.at,
  });
  const isNewAttempt = (attempt: DeliveryAttempt) =>
    delivery.state === 'pending' && attempt.number > delivery.attemptCount;
  switch (event.type) {
    case 'AttemptFailed':
      if (!isNewAttempt(event.attempt)) return delivery;
      return { ...delivery, ...withAttempt(event.attempt), nextAttemptAt: event.nextAttemptAt };
    case 'Delivered':
      if (!isNewAttempt(event.attempt)) return delivery;
      return {
        ...delivery,
        ...withAttempt(event.attempt),
        state: 'delivered',
        nextAttemptAt: null,
        deliveredAt: event.attempt.at,
      };
    case 'DeadLettered':
      if (!isNewAttempt(event.attempt)) return delivery;
      return {
        ...delivery,
        ...withAttempt(event.attempt),
        state: 'dead',
        nextAttemptAt: null,
        deadReason: event.reason,
      };
    case 'RedeliveryRequested':
      if (delivery.state === 'pending') return delivery;
      return {
        ...delivery,
        state: 'pending',
        cycleAttempts: 0,
        nextAttemptAt: event.at,
        deadReason: null,
        adminRedeliveries: delivery.adminRedeliveries + (event.origin === 'admin' ? 1 : 0),
        merchantResends: delivery.merchantResends + (event.origin === 'merchant' ? 1 : 0),
        updatedAt: event.at,
      };
  }
}

export const deliveryIdOf = (paymentId: number | string, eventVersion: number): string =>
  `${paymentId}-${eventVersion}`;
