import { eventOf } from '@gw/contracts';
import { paymentAggregate, statusAfter, type Family, type PaymentStatus } from '@gw/domain';
import type { StoredEvent } from '@gw/store';

/** What one append did to a payment, in the words of its metrics: created, and the statuses it entered. */
export interface PaymentTransitions {
  family: Family;
  network: string;
  created: boolean;
  /** Each status the payment moved into, in order; an event that repeats the current status is no change. */
  entered: PaymentStatus[];
}

/**
 * The transitions of a payment stream's append, from the events it already had and the ones appended;
 * null for the streams of other aggregates.
 */
export function paymentTransitions(
  history: readonly StoredEvent[],
  appended: readonly StoredEvent[],
): PaymentTransitions | null {
  const first = history[0] ?? appended[0];
  // Only a payment stream starts with PaymentCreated; the events of other streams are not read.
  if (first?.type !== 'PaymentCreated') return null;
  const creation = eventOf(first, paymentAggregate);
  if (creation.type !== 'PaymentCreated') return null;
  const statusOf = (event: StoredEvent) => statusAfter(eventOf(event, paymentAggregate));
  let status: PaymentStatus | null = null;
  for (const event of history) status = statusOf(event) ?? status;
  const entered: PaymentStatus[] = [];
  let created = false;
  for (const event of appended) {
    const next = statusOf(event);
    if (event.type === 'PaymentCreated') created = true;
    else if (next !== null && next !== status) entered.push(next);
    status = next ?? status;
  }
  return { family: creation.data.family, network: creation.data.payNetwork, created, entered };
}
