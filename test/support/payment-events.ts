import { randomUUID } from 'node:crypto';
import type { PaymentEvent, PaymentTerms } from '@gw/domain';
import { SAMPLE_CREATED_AT, paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import type { NewEvent } from '@gw/store';

/** A payment per id, of its own merchant-relay order and address. */
export function paymentTerms(paymentId: number): PaymentTerms {
  return samplePaymentTerms({
    paymentId,
    uuid: randomUUID(),
    trackId: String(paymentId),
    merchantId: 'merchant-relay',
    payAmount: '0.0015',
    payAddress: `bc1qrelay${paymentId}`,
    orderId: `order-${paymentId}`,
    orderDescription: null,
    purchaseId: paymentId,
    callbackUrl: null,
    isPaymentMultiple: false,
  });
}

export { paidLifecycle };

export function toNewEvent(event: PaymentEvent, merchantId: string): NewEvent {
  return {
    eventId: randomUUID(),
    type: event.type,
    occurredAt: SAMPLE_CREATED_AT,
    merchantId,
    data: event.data as unknown as Record<string, unknown>,
    metadata: { correlationId: randomUUID(), causationId: randomUUID() },
  };
}

/** Splits events into commits of one to three events. */
export function intoCommits<T>(events: T[], random: () => number): T[][] {
  const commits: T[][] = [];
  for (let i = 0; i < events.length;) {
    const size = 1 + Math.floor(random() * 3);
    commits.push(events.slice(i, i + size));
    i += size;
  }
  return commits;
}

/** A small deterministic generator, so a failing interleaving can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
