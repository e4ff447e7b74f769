import type { ValidateFunction } from 'ajv';
import { acceptedBy, eventMessageOf, eventOf, EventContractError } from '../src';

/** A validator that counts its runs and accepts while `amount` is a decimal string. */
function countingValidator() {
  const runs = { count: 0 };
  const validate = ((value: { data: { amount: unknown } }) => {
    runs.count++;
    return typeof value.data.amount === 'string' && /^[0-9.]+$/.test(value.data.amount);
  }) as unknown as ValidateFunction;
  return { validate, runs };
}

const deepFrozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    for (const nested of Object.values(value)) deepFrozen(nested);
    Object.freeze(value);
  }
  return value;
};

describe('acceptedBy: a value frozen all the way down is checked once per validator', () => {
  it('runs the schema once for the same frozen value, however many readers ask', () => {
    const { validate, runs } = countingValidator();
    const value = deepFrozen({ data: { amount: '1.5' } });
    expect([acceptedBy(validate, value), acceptedBy(validate, value), acceptedBy(validate, value)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(runs.count).toBe(1);
  });

  it('checks a value that can still change every time: a change after the check is refused', () => {
    const { validate, runs } = countingValidator();
    const value = { data: { amount: '1.5' } };
    expect(acceptedBy(validate, value)).toBe(true);
    value.data.amount = 'Infinity';
    expect(acceptedBy(validate, value)).toBe(false);
    expect(runs.count).toBe(2);
  });

  it('does not trust a frozen envelope around data that can still change', () => {
    const { validate } = countingValidator();
    const data = { amount: '1.5' };
    const value = Object.freeze({ data });
    expect(acceptedBy(validate, value)).toBe(true);
    data.amount = 'Infinity';
    expect(acceptedBy(validate, value)).toBe(false);
  });

  it('remembers a value for the validator that accepted it, not for another one', () => {
    const first = countingValidator();
    const second = countingValidator();
    const value = deepFrozen({ data: { amount: '1.5' } });
    acceptedBy(first.validate, value);
    acceptedBy(second.validate, value);
    expect(second.runs.count).toBe(1);
  });

  it('does not remember a refusal', () => {
    const { validate, runs } = countingValidator();
    const value = deepFrozen({ data: { amount: 'Infinity' } });
    expect(acceptedBy(validate, value)).toBe(false);
    expect(acceptedBy(validate, value)).toBe(false);
    expect(runs.count).toBe(2);
  });
});

describe('the event checks keep refusing what changed after an earlier acceptance', () => {
  const at = '2026-11-25T10:00:00.000Z';
  const message = () => ({
    eventId: 'e-1',
    type: 'PaymentExpired',
    streamId: 'payment-1',
    version: 1,
    occurredAt: at,
    merchantId: 'merchant-1',
    data: { at } as Record<string, unknown>,
    metadata: { correlationId: 'c', causationId: 'c' },
  });

  it('eventMessageOf: a mutable message is checked again', () => {
    const m = message();
    expect(eventMessageOf(m)).toBe(m);
    m.data.at = 'yesterday';
    expect(() => eventMessageOf(m)).toThrow(EventContractError);
  });

  it('eventOf: mutable data is checked again; frozen data keeps being accepted', () => {
    const m = message();
    expect(eventOf(m).data).toEqual({ at });
    m.data.at = 'yesterday';
    expect(() => eventOf(m)).toThrow(EventContractError);
    const frozen = deepFrozen(message());
    expect(eventOf(frozen).data).toBe(frozen.data);
    expect(eventOf(frozen).data).toBe(frozen.data);
  });
});
