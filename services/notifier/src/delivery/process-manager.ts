import type { Family } from '@gw/domain';
import type { Delivery, DeliveryAttempt, DeliveryLogEvent } from './delivery';
import type { RetryPolicy } from './retry-policy';

/**
 * The delivery process manager: pure functions from a delivery and what just happened to the next
 * step, as data. The dispatcher carries the steps out (HTTP, timers, the log); tests check them here.
 */
export type DeliveryStep =
  | { kind: 'Send'; deliveryId: string }
  | { kind: 'Schedule'; deliveryId: string; at: string; attempt: DeliveryAttempt | null }
  | { kind: 'Complete'; deliveryId: string; attempt: DeliveryAttempt }
  | { kind: 'GiveUp'; deliveryId: string; attempt: DeliveryAttempt; reason: string };

export interface AttemptOutcome {
  at: string;
  latencyMs: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string;
  /** The destination can never be reached (a refused address): retrying would not help. */
  permanent: boolean;
}

/**
 * What upstream counts as delivered: NOWPayments any 2xx; Cryptomus HTTP 200; OxaPay documents
 * "200 with body ok" but its own WooCommerce plugin answers a longer body, so any 200 counts.
 */
export function isDelivered(family: Family, statusCode: number | null): boolean {
  if (statusCode === null) return false;
  return family === 'v1' ? statusCode >= 200 && statusCode < 300 : statusCode === 200;
}

/** A pending delivery at `now`: send it when due, else wait for its time. */
export function whenPending(delivery: Delivery, now: Date): DeliveryStep {
  const due = delivery.nextAttemptAt === null ? now.getTime() : Date.parse(delivery.nextAttemptAt);
  if (due <= now.getTime()) return { kind: 'Send', deliveryId: delivery.deliveryId };
  return {
    kind: 'Schedule',
    deliveryId: delivery.deliveryId,
    at: new Date(due).toISOString(),
    attempt: null,
  };
}

/** After an attempt: complete it, retry it later per the family's schedule, or give up. */
export function afterAttempt(
  delivery: Delivery,
  outcome: AttemptOutcome,
  policy: RetryPolicy,
  random: () => number,
): DeliveryStep {
  const attempt: DeliveryAttempt = {
    number: delivery.attemptCount + 1,
    at: outcome.at,
    latencyMs: outcome.latencyMs,
    statusCode: outcome.statusCode,
    error: outcome.error,
    responseBody: outcome.responseBody,
  };
  const deliveryId = delivery.deliveryId;
  if (isDelivered(delivery.family, outcome.statusCode)) return { kind: 'Complete', deliveryId, attempt };
  if (outcome.permanent)
    return { kind: 'GiveUp', deliveryId, attempt, reason: outcome.error ?? 'destination refused' };
  const wait = policy.delayAfter(delivery.family, delivery.cycleAttempts + 1, random);
  if (wait === null) {
    return {
      kind: 'GiveUp',
      deliveryId,
      attempt,
      reason: `no success after ${delivery.cycleAttempts + 1} attempts`,
    };
  }
  return {
    kind: 'Schedule',
    deliveryId,
    at: new Date(Date.parse(outcome.at) + outcome.latencyMs + wait).toISOString(),
    attempt,
  };
}

/** The log event that makes a step after an attempt durable. */
export function logEventOf(step: DeliveryStep): DeliveryLogEvent | null {
  switch (step.kind) {
    case 'Complete':
      return { type: 'Delivered', deliveryId: step.deliveryId, attempt: step.attempt };
    case 'GiveUp':
      return {
        type: 'DeadLettered',
        deliveryId: step.deliveryId,
        attempt: step.attempt,
        reason: step.reason,
      };
    case 'Schedule':
      return step.attempt
        ? {
            type: 'AttemptFailed',
            deliveryId: step.deliveryId,
            attempt: step.attempt,
            nextAttemptAt: step.at,
          }
        : null;
    case 'Send':
      return null;
  }
}
