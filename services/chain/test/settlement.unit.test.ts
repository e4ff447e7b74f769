import type { EventMessage } from '@gw/contracts';
import { settlementStepFor } from '../src/payouts/settlement';

const event = (type: EventMessage['type'], data: Record<string, unknown>): EventMessage => ({
  eventId: 'e-1',
  type,
  streamId: 'payment-5077125051',
  version: 4,
  occurredAt: '2026-01-01T10:05:00.000Z',
  merchantId: 'merchant-1',
  data,
  metadata: { correlationId: 'c-1', causationId: 'c-1' },
});

describe('settlementStepFor', () => {
  it('starts the payout of a confirmed payment with the service fee', () => {
    expect(
      settlementStepFor(
        event('PaymentConfirmed', { actuallyPaid: '0.0015', at: '2026-01-01T10:05:00.000Z' }),
      ),
    ).toEqual({
      kind: 'start-payout',
      paymentId: 5077125051,
      streamId: 'payment-5077125051',
      merchantId: 'merchant-1',
      commandId: 'payout-start:5077125051',
      serviceFeePercent: '0.5',
    });
  });

  it('takes the service fee it is configured with', () => {
    const step = settlementStepFor(
      event('PaymentConfirmed', { actuallyPaid: '1', at: '2026-01-01T10:05:00.000Z' }),
      '1.25',
    );
    expect(step).toMatchObject({ kind: 'start-payout', serviceFeePercent: '1.25' });
  });

  it('sends the outcome amount once the payout has started, under an id derived from the payment', () => {
    const step = settlementStepFor(
      event('PayoutStarted', {
        outcomeAmount: '0.0014925',
        outcomeCurrency: 'btc',
        at: '2026-01-01T10:05:01.000Z',
      }),
    );
    expect(step).toEqual({
      kind: 'send-payout',
      paymentId: 5077125051,
      streamId: 'payment-5077125051',
      merchantId: 'merchant-1',
      commandId: 'payout-complete:5077125051',
      outcomeAmount: '0.0014925',
      outcomeCurrency: 'btc',
    });
  });

  it('derives the same command ids from a redelivered event', () => {
    const confirmed = event('PaymentConfirmed', { actuallyPaid: '1', at: '2026-01-01T10:05:00.000Z' });
    expect(settlementStepFor({ ...confirmed, eventId: 'e-2' })?.commandId).toBe(
      settlementStepFor(confirmed)?.commandId,
    );
  });

  it.each([
    'PaymentCreated',
    'DepositDetected',
    'PaymentConfirming',
    'PaymentFinished',
    'PaymentFailed',
  ] as const)('leaves %s alone', (type) => {
    expect(settlementStepFor(event(type, {}))).toBeNull();
  });
});
