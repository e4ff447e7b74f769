import Decimal from 'decimal.js';

/**
 * Money is carried as decimal strings everywhere outside this module, so no binary float ever
 * touches an amount. Arithmetic goes through decimal.js with enough precision for 18-decimal tokens.
 */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 60 });

export type Amount = string;

const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

export function amount(value: string | number): Amount {
  return new D(value).toFixed();
}

export const add = (a: Amount, b: Amount): Amount => new D(a).plus(b).toFixed();
export const subtract = (a: Amount, b: Amount): Amount => new D(a).minus(b).toFixed();
export const multiply = (a: Amount, b: Amount): Amount => new D(a).times(b).toFixed();
export const divide = (a: Amount, b: Amount): Amount => new D(a).div(b).toFixed();
export const compare = (a: Amount, b: Amount): -1 | 0 | 1 => new D(a).comparedTo(b) as -1 | 0 | 1;
export const isPositive = (a: Amount): boolean => new D(a).greaterThan(0);
export const isNegative = (a: Amount): boolean => new D(a).lessThan(0);
export const max = (a: Amount, b: Amount): Amount => (compare(a, b) >= 0 ? a : b);

/** `percent` of `value`, e.g. percentOf("200", "2.5") = "5". */
export const percentOf = (value: Amount, percent: Amount): Amount =>
  new D(value).times(percent).div(100).toFixed();

export const roundDown = (a: Amount, decimals: number): Amount =>
  new D(a).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
export const roundUp = (a: Amount, decimals: number): Amount =>
  new D(a).toDecimalPlaces(decimals, Decimal.ROUND_UP).toFixed();

/** Fixed number of decimals, as family A prints money ("10.00000000"). */
export const toFixedDecimals = (a: Amount, decimals: number): string => new D(a).toFixed(decimals);

/** For JSON responses whose contract says "number" (V1). Only call at the edge, never to compute. */
export const toJsonNumber = (a: Amount): number => new D(a).toNumber();
