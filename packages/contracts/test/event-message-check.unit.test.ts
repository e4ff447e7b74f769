import { paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import { EVENT_MESSAGE_SCHEMA, eventMessageViolations, validatorFor } from '../src';

const message = (type: string, data: unknown, version = 1) => ({
  eventId: 'e-1',
  type,
  streamId: 'payment-1',
  version,
  occurredAt: '2026-11-25T10:00:00.000Z',
  merchantId: 'merchant-1',
  data,
  metadata: { correlationId: 'c', causationId: 'c' },
});

describe('eventMessageViolations: payments.events checked per event type', () => {
  const whole = validatorFor(EVENT_MESSAGE_SCHEMA);
  const lifecycle = paidLifecycle(samplePaymentTerms()).map((event, i) =>
    message(event.type, event.data, i + 1),
  );
  const refused = [
    message('PaymentConfirmed', { actuallyPaid: 'Infinity', at: '2026-11-25T10:00:00.000Z' }),
    message('PaymentConfirmed', { actuallyPaid: '1', at: 'yesterday' }),
    message('PaymentConfirmed', { actuallyPaid: '1' }),
    message('PaymentExpired', { at: '2026-11-25T10:00:00.000Z', extra: 1 }),
    message('PaymentVanished', { at: '2026-11-25T10:00:00.000Z' }),
    { ...message('PaymentExpired', { at: '2026-11-25T10:00:00.000Z' }), version: 0 },
    { ...message('PaymentExpired', { at: '2026-11-25T10:00:00.000Z' }), metadata: { correlationId: 'c' } },
  ];

  it.each(lifecycle.map((m) => [m.type, m] as const))(
    'accepts a valid %s, as the whole schema does',
    (_type, m) => {
      expect(whole(m)).toBe(true);
      expect(eventMessageViolations(m)).toEqual([]);
    },
  );

  it.each(refused.map((m, i) => [i, m] as const))(
    'refuses what the whole schema refuses (case %i)',
    (_i, m) => {
      expect(whole(m)).toBe(false);
      expect(eventMessageViolations(m).length).toBeGreaterThan(0);
    },
  );

  it('names the violation of the event’s own type, not of every other type', () => {
    expect(eventMessageViolations(refused[0])).toEqual([
      '/data/actuallyPaid must match pattern "^-?\\d+(\\.\\d+)?$"',
    ]);
  });

  it('names at most three violations and counts the rest', () => {
    const violations = eventMessageViolations(message('PaymentCreated', {}));
    expect(violations).toHaveLength(4);
    expect(violations[3]).toMatch(/^and \d+ more$/);
  });
});
