import fc from 'fast-check';
import { MAX_MONEY, moneyProblemText, parseMoney, type MoneyProblemCode } from '../src/money-input';

describe('the money parser', () => {
  it.each([
    [100, '100'],
    [0.5, '0.5'],
    [0.0000001, '0.0000001'],
    ['10.00', '10'],
    ['0.00000001', '0.00000001'],
    [1e15, MAX_MONEY],
    ['1000000000000000', MAX_MONEY],
    ['999999999999999.99', '999999999999999.99'],
  ])('reads %j as exactly %s', (value, expected) => {
    expect(parseMoney(value, { decimals: 8 })).toEqual({ ok: true, amount: expected });
  });

  it.each<[unknown, MoneyProblemCode]>([
    [Infinity, 'NOT_FINITE'],
    [-Infinity, 'NOT_FINITE'],
    [Number.NaN, 'NOT_FINITE'],
    ['NaN', 'NOT_FINITE'],
    ['Infinity', 'NOT_FINITE'],
    ['-Infinity', 'NOT_FINITE'],
    ['1e309', 'NOT_A_DECIMAL'],
    ['1e5', 'NOT_A_DECIMAL'],
    [' 1', 'NOT_A_DECIMAL'],
    ['1 ', 'NOT_A_DECIMAL'],
    ['+1', 'NOT_A_DECIMAL'],
    ['.5', 'NOT_A_DECIMAL'],
    ['1.', 'NOT_A_DECIMAL'],
    ['0x10', 'NOT_A_DECIMAL'],
    ['', 'NOT_A_DECIMAL'],
    [true, 'NOT_A_DECIMAL'],
    [null, 'NOT_A_DECIMAL'],
    [{}, 'NOT_A_DECIMAL'],
    [0, 'NOT_POSITIVE'],
    ['0.00', 'NOT_POSITIVE'],
    [-1, 'NOT_POSITIVE'],
    ['-0.5', 'NOT_POSITIVE'],
    [1e21, 'TOO_LARGE'],
    [12345678901234567890, 'TOO_LARGE'],
    ['12345678901234567890', 'TOO_LARGE'],
    ['1000000000000000.01', 'TOO_LARGE'],
    ['0.123456789123', 'TOO_PRECISE'],
    [0.123, 'TOO_PRECISE'],
  ])('refuses %j: %s', (value, code) => {
    const parsed = parseMoney(value, { decimals: 2 });
    expect(parsed).toMatchObject({ ok: false, problem: { code } });
  });

  it('accepts zero only where the rule allows it, never a negative amount', () => {
    expect(parseMoney(0, { allowZero: true })).toEqual({ ok: true, amount: '0' });
    expect(parseMoney('-1', { allowZero: true })).toMatchObject({
      ok: false,
      problem: { code: 'NOT_POSITIVE' },
    });
  });

  it('words each refusal after the field name', () => {
    expect(moneyProblemText({ code: 'TOO_PRECISE', decimals: 2, currency: 'usd' })).toBe(
      'has more than 2 decimals, the precision of usd',
    );
    expect(moneyProblemText({ code: 'TOO_LARGE', maximum: MAX_MONEY })).toBe(`must be at most ${MAX_MONEY}`);
    expect(moneyProblemText({ code: 'NOT_FINITE' })).toBe('must be a finite number');
  });

  it('never rounds: what it accepts is the decimal it was given', () => {
    const decimalText = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }),
      )
      .map(([whole, decimals, fraction]) =>
        decimals === 0 ? String(whole) : `${whole}.${String(fraction).padStart(8, '0').slice(0, decimals)}`,
      );
    fc.assert(
      fc.property(decimalText, (text) => {
        const parsed = parseMoney(text, { decimals: 8 });
        const value = Number(text);
        if (value === 0) return !parsed.ok;
        return parsed.ok && parsed.amount === text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
      }),
    );
  });
});
