import { randomUUID } from 'node:crypto';

/**
 * The event issue 22 found in a live store: a subscription plan whose amount is "Infinity", written
 * before appends were checked against payments.events. Tests and the bench plant it (through a store
 * opened with ANY_EVENT, as an old store would hold it) to show the relay sets its commit aside.
 */
export function unpublishablePlanCreated(planId: number) {
  return {
    eventId: randomUUID(),
    type: 'SubscriptionPlanCreated',
    occurredAt: '2026-01-01T10:00:00.000Z',
    merchantId: 'merchant-of-old',
    data: {
      planId,
      merchantId: 'merchant-of-old',
      title: 't',
      amount: 'Infinity',
      currency: 'usd',
      intervalDay: 30,
      successUrl: null,
      cancelUrl: null,
      partiallyPaidUrl: null,
      ipnCallbackUrl: null,
      createdAt: '2026-01-01T10:00:00.000Z',
    },
    metadata: { correlationId: 'c-old', causationId: 'c-old' },
  };
}
