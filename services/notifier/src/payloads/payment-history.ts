import { eventOf } from '@gw/contracts';
import { paymentAggregate, type ExistingPayment, type PaymentStatus } from '@gw/domain';
import type { StoredEvent } from '@gw/store';

export interface PaymentAtEvent {
  /** The status just before the event; null when the event created the payment. */
  statusBefore: PaymentStatus | null;
  /** The payment exactly as of the event: later events never leak into its webhook. */
  payment: ExistingPayment;
}

/** Folds a payment stream up to and including `version`; null when the stream does not reach it. */
export function paymentAtVersion(
  history: readonly Pick<StoredEvent, 'version' | 'type' | 'data'>[],
  version: number,
): PaymentAtEvent | null {
  let state = paymentAggregate.initialState();
  let statusBefore: PaymentStatus | null = null;
  for (const stored of history) {
    if (stored.version > version) break;
    if (stored.version === version) statusBefore = state.status === 'none' ? null : state.status;
    state = paymentAggregate.evolve(state, eventOf(stored, paymentAggregate));
  }
  const reached = history.some((stored) => stored.version === version);
  if (!reached || state.status === 'none') return null;
  return { statusBefore, payment: state };
}
