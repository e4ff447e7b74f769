import { MAX_MONEY, MAX_MONEY_DECIMALS } from '@gw/domain';
import type { Schema } from '../messages/schema-builders';

/**
 * Request fields that carry money are marked `x-money: true` in every surface's schema (the three
 * families, the admin API, the sandbox): the domain's money parser (`parseMoney`) is their rule, the
 * schema only its first gate. The mark is how tests find every money field of every operation, so a new
 * one is covered without being listed.
 */
export const MONEY_MARK = 'x-money';

/** {@link MAX_MONEY} as a JSON Schema bound: `maximum` also refuses Infinity, which `exclusiveMinimum` lets through. */
export const MAX_MONEY_NUMBER = Number(MAX_MONEY);

/**
 * A plain positive decimal string, as the money parser reads one: digits, at most one point, no sign,
 * exponent or blanks; 16 integer digits hold {@link MAX_MONEY}, and no catalogue currency has more
 * than {@link MAX_MONEY_DECIMALS} decimals.
 */
export const MONEY_TEXT_PATTERN = `^(?=[^1-9]*[1-9])\\d{1,16}(\\.\\d{1,${MAX_MONEY_DECIMALS}})?$`;

/** What the money mark adds to a field's description. */
export const MONEY_RULE_TEXT = `Finite, greater than 0, at most ${MAX_MONEY}, and with no more decimals than the currency has; never rounded.`;

/** The names of the money fields of an object schema (a request body or query). */
export function moneyFieldsOf(schema: Schema | undefined): string[] {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties)
    .filter(([, property]) => property[MONEY_MARK] === true)
    .map(([name]) => name);
}
