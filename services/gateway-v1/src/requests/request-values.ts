import { parseMoney, type Amount } from '@gw/domain';
import { precisionOf, type Currency } from '@gw/pricing';
import { invalidMoney } from '@gw/families';

/**
 * Conversions from the accepted wire forms (already checked by the JSON Schemas) to domain values.
 * Amounts go through the domain's one money parser (exact, finite, within the maximum and the
 * currency's decimals), a refusal answering 400 in V1's shape.
 */
export function moneyOf(field: string, value: unknown, currency: Currency): Amount {
  const parsed = parseMoney(value, { decimals: precisionOf(currency), currency: currency.code });
  if (!parsed.ok) throw invalidMoney(field, parsed.problem);
  return parsed.amount;
}

const TRUE_VALUES = new Set<unknown>([true, 1, 'true', 'True', 'TRUE', '1']);

/** true/false, 0/1 and their string spellings; absent or null is `fallback`. */
export function flagOf(value: unknown, fallback = false): boolean {
  if (value === undefined || value === null) return fallback;
  return TRUE_VALUES.has(value);
}

/** Optional text; numbers (order ids) become their decimal text, empty strings count as absent. */
export function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' ? String(value) : String(value);
  return text === '' ? null : text;
}

export function codeOf(value: unknown): string | null {
  const text = textOf(value);
  return text === null ? null : text.trim().toLowerCase();
}

export function integerOf(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' ? value : Number.parseInt(String(value).trim(), 10);
}
