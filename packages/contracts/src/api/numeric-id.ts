/**
 * The digits a path or query names a numeric id with (payment, plan, subscription, track id): up to 16,
 * the width of Number.MAX_SAFE_INTEGER. Payment ids pass 15 digits in 2031, and the ids of payments a
 * chain observation opens are 16 digits already (@gw/platform `NumericIdSpace`).
 */
export const NUMERIC_ID_PATTERN = '^[0-9]{1,16}$';

const NUMERIC_ID = new RegExp(NUMERIC_ID_PATTERN);

/** The id the text names, or null when it cannot name one: not 1 to 16 digits, or past a safe integer. */
export function numericIdIn(text: string): number | null {
  if (!NUMERIC_ID.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
