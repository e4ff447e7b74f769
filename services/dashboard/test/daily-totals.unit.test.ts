import type { PaymentDocument } from '@gw/views';
import { currencyTotals, dailyTotals } from '../src/overview/daily-totals';

const paid = (createdAt: string, payCurrency: string, actuallyPaid: string) =>
  ({ createdAt, payCurrency, actuallyPaid, actuallyPaidValue: Number(actuallyPaid) }) as PaymentDocument;

describe('daily totals of the at-a-glance page', () => {
  const now = new Date('2026-03-10T15:00:00.000Z');

  it('counts payments per UTC day and sums what was paid per currency exactly', () => {
    const days = dailyTotals(
      [
        paid('2026-03-10T00:00:00.000Z', 'btc', '0.1'),
        paid('2026-03-10T23:59:59.999Z', 'btc', '0.2'),
        paid('2026-03-09T12:00:00.000Z', 'ltc', '1.5'),
        paid('2026-03-09T12:00:01.000Z', 'ltc', '0'),
        paid('2026-03-07T23:59:59.999Z', 'eth', '9'),
      ],
      now,
      3,
    );
    expect(days).toEqual([
      { day: '2026-03-08', count: 0, paid: {} },
      { day: '2026-03-09', count: 2, paid: { ltc: '1.5' } },
      { day: '2026-03-10', count: 2, paid: { btc: '0.3' } },
    ]);
    expect(currencyTotals(days)).toEqual([
      { currency: 'btc', paid: '0.3' },
      { currency: 'ltc', paid: '1.5' },
    ]);
  });
});
