import { Decimal as DecimalJs } from 'decimal.js';
import { InvalidAmountError } from './errors';

/**
 * Money is carried as decimal strings and computed with decimal.js, never with binary floats.
 * A JS number is accepted as input only through its shortest decimal representation (String(n)),
 * which is exactly what a JSON body carried.
 */
export type AmountInput = string | number;
export type Rounding = 'up' | 'down' | 'half-up';

const Money = DecimalJs.clone({
  precision: 60,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -60,
  toExpPos: 60,
});

const DECIMAL_PATTERN = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

const ROUNDING_MODES: Record<Rounding, DecimalJs.Rounding> = {
  up: DecimalJs.ROUND_CEIL,
  down: DecimalJs.ROUND_FLOOR,
  'half-up': DecimalJs.ROUND_HALF_UP,
};

export function parseAmount(input: AmountInput): DecimalJs {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (!DECIMAL_PATTERN.test(text)) throw new InvalidAmountError(String(input), 'not a decimal number');
  return new Money(text);
}

export function parsePositiveAmount(input: AmountInput): DecimalJs {
  const amount = parseAmount(input);
  if (!amount.isPositive() || amount.isZero())
    throw new InvalidAmountError(String(input), 'must be positive');
  return amount;
}

export function parseNonNegativeAmount(input: AmountInput): DecimalJs {
  const amount = parseAmount(input);
  if (amount.isNegative()) throw new InvalidAmountError(String(input), 'must not be negative');
  return amount;
}

/** Plain decimal notation, no exponent, no trailing zeros; negative zero prints as "0". */
export function formatAmount(amount: DecimalJs): string {
  return amount.isZero() ? '0' : amount.toFixed();
}

export function roundDecimal(amount: DecimalJs, decimals: number, rounding: Rounding): DecimalJs {
  return amount.toDecimalPlaces(decimals, ROUNDING_MODES[rounding]);
}

export function roundAmount(amount: AmountInput, decimals: number, rounding: Rounding = 'half-up'): string {
  return formatAmount(roundDecimal(parseAmount(amount), decimals, rounding));
}

/** Rounds and always prints exactly `decimals` digits after the point ("29.60000000"). */
export function fixedAmount(amount: AmountInput, decimals: number, rounding: Rounding = 'half-up'): string {
  return roundDecimal(parseAmount(amount), decimals, rounding).toFixed(decimals);
}

export function addAmounts(...amounts: AmountInput[]): string {
  return formatAmount(
    amounts.reduce<DecimalJs>((sum, amount) => sum.plus(parseAmount(amount)), new Money(0)),
  );
}

export function subtractAmounts(minuend: AmountInput, subtrahend: AmountInput): string {
  return formatAmount(parseAmount(minuend).minus(parseAmount(subtrahend)));
}

export function multiplyAmount(amount: AmountInput, factor: AmountInput): string {
  return formatAmount(parseAmount(amount).times(parseAmount(factor)));
}

export function compareAmounts(left: AmountInput, right: AmountInput): -1 | 0 | 1 {
  return parseAmount(left).comparedTo(parseAmount(right)) as -1 | 0 | 1;
}

/** Integer count of the smallest on-chain unit (satoshi, wei, lamport); refuses amounts finer than one unit. */
export function toBaseUnits(amount: AmountInput, chainDecimals: number): string {
  const units = parseAmount(amount).times(new Money(10).pow(chainDecimals));
  if (!units.isInteger()) {
    throw new InvalidAmountError(String(amount), `has more than ${chainDecimals} decimal places`);
  }
  return formatAmount(units);
}

export function fromBaseUnits(units: AmountInput, chainDecimals: number): string {
  return formatAmount(parseAmount(units).dividedBy(new Money(10).pow(chainDecimals)));
}
