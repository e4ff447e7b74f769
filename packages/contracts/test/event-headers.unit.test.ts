import { EVENT_HEADERS, eventTypeAmong, readModelVersionIn } from '../src';

describe('the x-read-model-version header of payments.events', () => {
  it('reads a positive version', () => {
    expect(readModelVersionIn({ [EVENT_HEADERS.readModelVersion]: '1' })).toBe(1);
    expect(readModelVersionIn({ [EVENT_HEADERS.readModelVersion]: '42', traceparent: 'x' })).toBe(42);
  });

  it('ignores a missing or malformed one, so the consumer reads the document as without it', () => {
    for (const value of ['', '0', '-1', '1.5', '01', ' 3', '3 ', 'NaN', '1e3', '12345678901234567']) {
      expect(readModelVersionIn({ [EVENT_HEADERS.readModelVersion]: value })).toBeUndefined();
    }
    expect(readModelVersionIn({})).toBeUndefined();
  });
});

describe('the x-event-type header of payments.events', () => {
  it('lets a group accept its event types, and every message published before the header existed', () => {
    const accepts = eventTypeAmong(['PaymentConfirmed', 'PayoutStarted']);
    expect(accepts({ [EVENT_HEADERS.eventType]: 'PaymentConfirmed' })).toBe(true);
    expect(accepts({ [EVENT_HEADERS.eventType]: 'PayoutStarted', traceparent: 'x' })).toBe(true);
    expect(accepts({ [EVENT_HEADERS.eventType]: 'PaymentCreated' })).toBe(false);
    expect(accepts({ [EVENT_HEADERS.eventType]: '' })).toBe(false);
    expect(accepts({})).toBe(true);
  });
});
