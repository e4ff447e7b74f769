import { streamIdOf } from '@gw/domain';
import { paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import type { EventStore } from '@gw/store';

/**
 * Appends a paid payment's lifecycle to `store`, one commit per event (its first `events` only, when
 * given); returns how many.
 */
export async function appendPaidLifecycle(
  store: Pick<EventStore, 'append'>,
  paymentId: number,
  events?: number,
): Promise<number> {
  const terms = samplePaymentTerms({ paymentId });
  let version = 0;
  for (const event of paidLifecycle(terms).slice(0, events)) {
    await store.append(streamIdOf('payment', paymentId), version++, [
      {
        eventId: `e${paymentId}-${version}`,
        type: event.type,
        occurredAt: '2026-01-01T10:00:00.000Z',
        merchantId: terms.merchantId,
        data: event.data as unknown as Record<string, unknown>,
        metadata: { correlationId: 'c', causationId: `cmd-${paymentId}-${version}` },
      },
    ]);
  }
  return version;
}
