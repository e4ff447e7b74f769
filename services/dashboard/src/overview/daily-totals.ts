import { add } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DayTotals {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
  /** Paid amounts per pay currency, exact decimals. */
  paid: Record<string, string>;
}

/**
 * Payments per UTC day over the `days` days ending `now`, and what was paid per currency: pure, so the
 * page's numbers are tested without a store. Days without payments are present with zeroes.
 */
export function dailyTotals(payments: readonly PaymentDocument[], now: Date, days: number): DayTotals[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const totals: DayTotals[] = Array.from({ length: days }, (_, i) => ({
    day: new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    count: 0,
    paid: {},
  }));
  const byDay = new Map(totals.map((total) => [total.day, total]));
  for (const payment of payments) {
    const total = byDay.get(payment.createdAt.slice(0, 10));
    if (!total) continue;
    total.count++;
    if (payment.actuallyPaidValue > 0)
      total.paid[payment.payCurrency] = add(total.paid[payment.payCurrency] ?? '0', payment.actuallyPaid);
  }
  return totals;
}

/** Every currency paid in the window, with its total. */
export function currencyTotals(days: readonly DayTotals[]): { currency: string; paid: string }[] {
  const sums = new Map<string, string>();
  for (const { paid } of days)
    for (const [currency, amount] of Object.entries(paid))
      sums.set(currency, add(sums.get(currency) ?? '0', amount));
  return [...sums]
    .map(([currency, paid]) => ({ currency, paid }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
