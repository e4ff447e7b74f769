import { compareDeliveries, formatCursor, parseCursor } from '../src/log/delivery-keyset';
import { DeliveryTimeline } from '../src/log/delivery-timeline';

const cursor = { createdAt: '2026-01-01T10:00:02.000Z', paymentId: 3003, eventVersion: 2 };

describe('a delivery cursor', () => {
  it('goes through a URL and back', () => {
    expect(formatCursor(cursor)).toBe('2026-01-01T10:00:02.000Z_3003-2');
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
  });

  it.each(['', '3003-2', '2026-01-01T10:00:02.000Z_3003', '2026-13-45T10:00:02.000Z_3003-2', 'x_1-1'])(
    'is refused when it is not one: %j',
    (text) => expect(parseCursor(text)).toBeNull(),
  );

  it('orders by time, then payment, then version', () => {
    const later = (overrides: Partial<typeof cursor>) =>
      compareDeliveries(cursor, { ...cursor, ...overrides });
    expect(later({ createdAt: '2026-01-01T10:00:03.000Z', paymentId: 1 })).toBeLessThan(0);
    expect(later({ paymentId: 3004, eventVersion: 1 })).toBeLessThan(0);
    expect(later({ eventVersion: 3 })).toBeLessThan(0);
    expect(later({})).toBe(0);
  });
});

describe('the embedded log’s delivery timeline', () => {
  it('keeps each merchant’s deliveries in order however they arrive, and walks from a cursor', () => {
    const timeline = new DeliveryTimeline();
    const add = (paymentId: number, second: number, merchantId = 'm') =>
      timeline.add({
        merchantId,
        deliveryId: `${paymentId}-1`,
        paymentId,
        eventVersion: 1,
        createdAt: `2026-01-01T10:00:0${second}.000Z`,
      });
    add(1, 1);
    add(3, 3);
    add(2, 2);
    add(9, 4, 'other');
    add(4, 4);
    expect([...timeline.walk('m', undefined, 'older')]).toEqual(['4-1', '3-1', '2-1', '1-1']);
    const at3 = { createdAt: '2026-01-01T10:00:03.000Z', paymentId: 3, eventVersion: 1 };
    expect([...timeline.walk('m', at3, 'older')]).toEqual(['2-1', '1-1']);
    expect([...timeline.walk('m', at3, 'newer')]).toEqual(['4-1']);
    expect([...timeline.walk('nobody', undefined, 'newer')]).toEqual([]);
  });
});
