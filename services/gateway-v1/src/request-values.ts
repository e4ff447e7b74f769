import { amount, type Amount } from '@gw/domain';

/**
 * Conversions from the accepted wire forms (already checked by the JSON Schemas) to domain values.
 * Amounts become exact decimal strings: a JSON number goes through its shortest decimal text, which is
 * exactly what the client wrote.
 */
export function decimalOf(value: unknown): Amount {
  return amount(typeof value === 'number' ? String(value) : String(value).trim());
}

export function optionalDecimalOf(value: unknown): Amount | undefined {
  return value === undefined || value === null ? undefined : decimalOf(value);
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
