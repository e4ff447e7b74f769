import Decimal from 'decimal.js';
import type { Amount } from './money';

/**
 * The one parser of every number that becomes money, on every surface (the three API families, the
 * admin API and so the CLI, the dashboard's forms, the sandbox). A money input is either
 *
 * - a JSON number, read through its shortest decimal text (`String(n)`, what the client wrote); it must
 *   be finite. The body parser keeps a number literal that a double cannot hold exactly as its text
 *   (`@gw/platform` exact-json), so a rounded number never reaches this parser; or
 * - a string of plain decimal digits, `123` or `123.45`: no sign, no exponent, no blanks, no `NaN` or
 *   `Infinity`.
 *
 * The value must be greater than 0 (or at least 0 where zero is meaningful), at most {@link MAX_MONEY}
 * and have no more decimals than the currency has (a coin's `decimals`, a fiat's display precision, from
 * the rates catalogue). Nothing is ever rounded: anything else is a {@link MoneyProblem} that each
 * surface answers in its own error shape.
 */
export type MoneyInput = string | number;

/**
 * The largest amount of any currency any surface accepts: 10^15. With the 18 decimals of the finest
 * catalogue token that is 34 significant digits, well within the 60 of the decimal arithmetic, so
 * nothing computed from an accepted amount is ever rounded by precision; and it is far above any
 * payment's real limit (admission caps a payment at 1,000,000 USD).
 */
export const MAX_MONEY: Amount = '1000000000000000';

/** The most decimals any catalogue currency has (18-decimal tokens); the bound when the currency is not known. */
export const MAX_MONEY_DECIMALS = 18;

export type MoneyProblem =
  /** Not a JSON number nor a plain decimal string ("1e5", " 1", "ten", true). */
  | { code: 'NOT_A_DECIMAL' }
  /** Infinity, NaN, or their spellings. */
  | { code: 'NOT_FINITE' }
  | { code: 'NOT_POSITIVE'; allowZero: boolean }
  | { code: 'TOO_LARGE'; maximum: Amount }
  /** `currency`, when the rule named it, words the message ("the precision of usd"). */
  | { code: 'TOO_PRECISE'; decimals: number; currency?: string };

export type MoneyProblemCode = MoneyProblem['code'];

export interface MoneyRule {
  /** The currency's decimals; {@link MAX_MONEY_DECIMALS} when not given. */
  decimals?: number;
  /** The currency's code, for the message of too many decimals. */
  currency?: string;
  /** Zero is accepted (a lower bound of a filter); money that is asked or paid must be greater than 0. */
  allowZero?: boolean;
}

export type MoneyParse = { ok: true; amount: Amount } | { ok: false; problem: MoneyProblem };

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;
const NEGATIVE_DECIMAL_TEXT = /^-\d+(\.\d+)?$/;
const NON_FINITE_TEXT = /^[+-]?(inf|infinity|nan)$/i;
const MAXIMUM = new D(MAX_MONEY);

/** Checks a money input against the rules above; the exact decimal string, or why not. */
export function parseMoney(value: unknown, rule: MoneyRule = {}): MoneyParse {
  const allowZero = rule.allowZero ?? false;
  const decimals = rule.decimals ?? MAX_MONEY_DECIMALS;
  const text = textOf(value);
  if (typeof text !== 'string') return { ok: false, problem: text };
  const exact = new D(text);
  if (exact.isNegative() && !exact.isZero()) return problem({ code: 'NOT_POSITIVE', allowZero });
  if (exact.isZero() && !allowZero) return problem({ code: 'NOT_POSITIVE', allowZero });
  if (exact.greaterThan(MAXIMUM)) return problem({ code: 'TOO_LARGE', maximum: MAX_MONEY });
  if (exact.decimalPlaces() > decimals)
    return problem({ code: 'TOO_PRECISE', decimals, ...(rule.currency ? { currency: rule.currency } : {}) });
  return { ok: true, amount: exact.isZero() ? '0' : exact.toFixed() };
}

/** Whether a value is money by these rules (any currency's decimals). */
export const isMoney = (value: unknown, rule: MoneyRule = {}): boolean => parseMoney(value, rule).ok;

/** What is wrong, after the field's name: "price_amount must be greater than 0", "amount has more than 2 decimals, the precision of usd". */
export function moneyProblemText(problem: MoneyProblem): string {
  switch (problem.code) {
    case 'NOT_A_DECIMAL':
      return 'must be a number or a decimal string such as "10.50"';
    case 'NOT_FINITE':
      return 'must be a finite number';
    case 'NOT_POSITIVE':
      return problem.allowZero ? 'must not be negative' : 'must be greater than 0';
    case 'TOO_LARGE':
      return `must be at most ${problem.maximum}`;
    case 'TOO_PRECISE':
      return `has more than ${problem.decimals} decimals${problem.currency ? `, the precision of ${problem.currency}` : ''}`;
  }
}

const problem = (reason: MoneyProblem): MoneyParse => ({ ok: false, problem: reason });

/** The decimal text a value stands for, or why it stands for none. */
function textOf(value: unknown): string | MoneyProblem {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { code: 'NOT_FINITE' };
    return String(value);
  }
  if (typeof value !== 'string') return { code: 'NOT_A_DECIMAL' };
  if (DECIMAL_TEXT.test(value) || NEGATIVE_DECIMAL_TEXT.test(value)) return value;
  if (NON_FINITE_TEXT.test(value.trim())) return { code: 'NOT_FINITE' };
  return { code: 'NOT_A_DECIMAL' };
}
