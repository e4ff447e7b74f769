import { statusAfter, type Family, type PaymentEvent, type PaymentStatus } from '@gw/domain';
import type { StoredEvent } from '@gw/store';
import { toDomainEvent } from './command-handler';

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
  const creation = first && toDomainEvent(first);
  if (creation?.type !== 'PaymentCreated') return null;
  // A stream that starts with PaymentCreated holds payment events only.
  const statusOf = (event: StoredEvent) => statusAfter(toDomainEvent(event) as PaymentEvent);
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
