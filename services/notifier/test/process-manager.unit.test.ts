import { scheduledDelivery, evolveDelivery, type Delivery } from '../src/delivery/delivery';
import {
  afterAttempt,
  isDelivered,
  logEventOf,
  whenPending,
  type AttemptOutcome,
  type DeliveryStep,
} from '../src/delivery/process-manager';
import { retryPolicy } from '../src/delivery/retry-policy';
import { newDelivery } from '../src/testing/delivery-log-contract';

const T0 = '2026-01-01T10:00:00.000Z';
const noJitter = () => 0.5;
const outcome = (statusCode: number | null, overrides: Partial<AttemptOutcome> = {}): AttemptOutcome => ({
  at: T0,
  latencyMs: 0,
  statusCode,
  error: statusCode === null ? 'timeout' : null,
  responseBody: '',
  permanent: false,
  ...overrides,
});

/** Fails a delivery `times` times in a row, each attempt at the time the previous step scheduled. */
function failRepeatedly(
  delivery: Delivery,
  times: number,
  scale = 1,
): { delivery: Delivery; waitsMs: number[]; last: DeliveryStep | undefined } {
  const waitsMs: number[] = [];
  let current = delivery;
  let last: DeliveryStep | undefined;
  for (let i = 0; i < times; i++) {
    const at = current.nextAttemptAt ?? T0;
    last = afterAttempt(current, outcome(500, { at }), retryPolicy(scale), noJitter);
    const event = logEventOf(last);
    if (!event || event.type === 'DeliveryScheduled') break;
    if (last.kind === 'Schedule') waitsMs.push(Date.parse(last.at) - Date.parse(at));
    current = evolveDelivery(current, event);
  }
  return { delivery: current, waitsMs, last };
}

describe('what counts as delivered', () => {
  it('V1 accepts any 2xx; families A and B only 200; redirects never count', () => {
    expect(isDelivered('v1', 204)).toBe(true);
    expect(isDelivered('alpha', 204)).toBe(false);
    expect(isDelivered('beta', 200)).toBe(true);
    expect(isDelivered('v1', 302)).toBe(false);
    expect(isDelivered('beta', null)).toBe(false);
  });
});

describe('delivery process manager', () => {
  it('sends a due delivery and waits for one scheduled later', () => {
    const delivery = scheduledDelivery(newDelivery({ createdAt: T0 }));
    expect(whenPending(delivery, new Date(T0))).toEqual({ kind: 'Send', deliveryId: '1001-1' });
    const later = { ...delivery, nextAttemptAt: '2026-01-01T10:00:10.000Z' };
    expect(whenPending(later, new Date(T0))).toMatchObject({
      kind: 'Schedule',
      at: '2026-01-01T10:00:10.000Z',
    });
  });

  it('completes on success', () => {
    const step = afterAttempt(scheduledDelivery(newDelivery()), outcome(200), retryPolicy(), noJitter);
    expect(step).toMatchObject({ kind: 'Complete', attempt: { number: 1, statusCode: 200 } });
    expect(logEventOf(step)).toMatchObject({ type: 'Delivered' });
  });

  it('family B keeps the upstream schedule: +1 min, +3 min, +30 min, +3 h, then gives up after 5 attempts', () => {
    const { waitsMs, last, delivery } = failRepeatedly(scheduledDelivery(newDelivery({ family: 'beta' })), 5);
    expect(waitsMs).toEqual([60_000, 180_000, 1_800_000, 10_800_000]);
    expect(last).toMatchObject({ kind: 'GiveUp', reason: 'no success after 5 attempts' });
    expect(delivery).toMatchObject({ state: 'dead', attemptCount: 5 });
  });

  it('V1 and family A back off 10 s, 30 s, 2 min, 10 min, 1 h, 6 h and give up after 7 attempts', () => {
    for (const family of ['v1', 'alpha'] as const) {
      const { waitsMs, delivery } = failRepeatedly(scheduledDelivery(newDelivery({ family })), 7);
      expect(waitsMs).toEqual([10_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000]);
      expect(delivery).toMatchObject({ state: 'dead', attemptCount: 7 });
    }
  });

  it('jitters V1 waits within ±20 % and never jitters family B', () => {
    const policy = retryPolicy();
    expect(policy.delayAfter('v1', 1, () => 0)).toBe(8_000);
    expect(policy.delayAfter('v1', 1, () => 1)).toBe(12_000);
    expect(policy.delayAfter('beta', 1, () => 0)).toBe(60_000);
  });

  it('scales every wait by the configured multiplier', () => {
    const { waitsMs } = failRepeatedly(scheduledDelivery(newDelivery({ family: 'beta' })), 5, 0.001);
    expect(waitsMs).toEqual([60, 180, 1_800, 10_800]);
  });

  it('gives up at once on a destination that can never be reached', () => {
    const step = afterAttempt(
      scheduledDelivery(newDelivery()),
      outcome(null, { error: 'refused: loopback address', permanent: true }),
      retryPolicy(),
      noJitter,
    );
    expect(step).toMatchObject({ kind: 'GiveUp', reason: 'refused: loopback address' });
  });

  it('starts a fresh schedule after a redelivery', () => {
    const dead = failRepeatedly(scheduledDelivery(newDelivery({ family: 'beta' })), 5).delivery;
    const again = evolveDelivery(dead, {
      type: 'RedeliveryRequested',
      deliveryId: dead.deliveryId,
      at: T0,
      origin: 'admin',
    });
    const step = afterAttempt(again, outcome(500), retryPolicy(), noJitter);
    expect(step).toMatchObject({ kind: 'Schedule', attempt: { number: 6 } });
  });
});
