import { paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import type { PaymentEvent } from '@gw/domain';
import type { StoredEvent } from '@gw/store';
import { paymentTransitions } from '../src/payment-transitions';

const stored = (events: PaymentEvent[], firstVersion = 1): StoredEvent[] =>
  events.map((event, i) => ({
    eventId: `event-${firstVersion + i}`,
    type: event.type,
    streamId: 'payment-5077125051',
    version: firstVersion + i,
    occurredAt: '2026-01-01T10:00:00.000Z',
    merchantId: 'merchant-1',
    data: event.data as unknown as Record<string, unknown>,
    metadata: { correlationId: 'c', causationId: 'c' },
  }));

describe('paymentTransitions', () => {
  const lifecycle = paidLifecycle(samplePaymentTerms({ family: 'beta', payNetwork: 'trc20' }));

  it('reports a create with the family and pay network of the payment', () => {
    expect(paymentTransitions([], stored(lifecycle.slice(0, 1)))).toEqual({
      family: 'beta',
      network: 'trc20',
      created: true,
      entered: [],
    });
  });

  it('reports the statuses an append entered, after the history it extends', () => {
    const history = stored(lifecycle.slice(0, 2));
    const appended = stored(lifecycle.slice(2), 3);
    expect(paymentTransitions(history, appended)).toEqual({
      family: 'beta',
      network: 'trc20',
      created: false,
      entered: ['confirming', 'confirmed', 'sending', 'finished'],
    });
  });

  it('counts no change when an event repeats the status the payment is in', () => {
    const history = stored(lifecycle.slice(0, 3));
    const confirmingAgain = stored([lifecycle[2]!], 4);
    expect(paymentTransitions(history, confirmingAgain)?.entered).toEqual([]);
  });

  it('ignores the streams of other aggregates', () => {
    const merchant = stored([{ type: 'MerchantCreated', data: {} } as unknown as PaymentEvent]);
    expect(paymentTransitions([], merchant)).toBeNull();
  });
});
