import {
  InvalidAmountError,
  addAmounts,
  compareAmounts,
  fixedAmount,
  fromBaseUnits,
  multiplyAmount,
  parseAmount,
  roundAmount,
  subtractAmounts,
  toBaseUnits,
} from '../src';

describe('decimal amounts', () => {
  it('adds without binary float artefacts', () => {
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts(0.1, 0.2)).toBe('0.3');
    expect(addAmounts('0.00000001', '0.00000002', '0.00000003')).toBe('0.00000006');
    expect(subtractAmounts('0.3', '0.1')).toBe('0.2');
    expect(multiplyAmount('1.1', '1.1')).toBe('1.21');
    expect(multiplyAmount('0.07', '100')).toBe('7');
  });

  it('rounds half-up where a float would round down', () => {
    expect(roundAmount('1.005', 2)).toBe('1.01');
    expect(roundAmount('2.675', 2)).toBe('2.68');
    expect(roundAmount('0.123456785', 8)).toBe('0.12345679');
  });

  it('rounds up and down on request', () => {
    expect(roundAmount('0.000000011', 8, 'up')).toBe('0.00000002');
    expect(roundAmount('0.000000019', 8, 'down')).toBe('0.00000001');
    expect(roundAmount('5', 8, 'up')).toBe('5');
  });

  it('prints plain notation, never an exponent', () => {
    expect(addAmounts(1e-7)).toBe('0.0000001');
    expect(multiplyAmount('1000000000000000000000', '1000')).toBe('1000000000000000000000000');
    expect(fixedAmount('29.6', 8)).toBe('29.60000000');
    expect(subtractAmounts('1', '1')).toBe('0');
  });

  it('converts to and from the smallest chain unit exactly', () => {
    expect(toBaseUnits('0.1', 18)).toBe('100000000000000000');
    expect(toBaseUnits('1.23456789', 8)).toBe('123456789');
    expect(fromBaseUnits('123456789', 8)).toBe('1.23456789');
    expect(() => toBaseUnits('1.0000001', 6)).toThrow(InvalidAmountError);
  });

  it('compares by value, not by text', () => {
    expect(compareAmounts('1.50', '1.5')).toBe(0);
    expect(compareAmounts('0.30000000000000004', '0.3')).toBe(1);
    expect(compareAmounts('2', '10')).toBe(-1);
  });

  it.each(['', 'abc', 'NaN', 'Infinity', '0x10', '1,5', '1.2.3', '--1'])(
    'rejects %j as an amount',
    (text) => {
      expect(() => parseAmount(text)).toThrow(InvalidAmountError);
    },
  );

  it('rejects non-finite numbers', () => {
    expect(() => parseAmount(Number.NaN)).toThrow(InvalidAmountError);
    expect(() => parseAmount(Number.POSITIVE_INFINITY)).toThrow(InvalidAmountError);
  });
});
