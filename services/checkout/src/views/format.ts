import { fixedAmount, type RatesService } from '@gw/pricing';

/** "100.00 USD" for fiat prices (display precision), "0.015 BTC" for prices set in a coin. */
export function formatPrice(rates: RatesService, amount: string, currencyCode: string): string {
  try {
    const currency = rates.findCurrency(currencyCode);
    return currency.kind === 'fiat'
      ? `${fixedAmount(amount, currency.displayPrecision)} ${currency.code.toUpperCase()}`
      : `${amount} ${currency.ticker.toUpperCase()}`;
  } catch {
    return `${amount} ${currencyCode.toUpperCase()}`;
  }
}

/** "23:59:59" or "09:30": the same format the status script counts down in. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h > 0 ? `${h}:${pad(m)}` : pad(m)}:${pad(s)}`;
}
