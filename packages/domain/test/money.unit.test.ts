import {
  add,
  compare,
  multiply,
  percentOf,
  roundDown,
  roundUp,
  toFixedDecimals,
  toJsonNumber,
} from '../src/money';

describe('money', () => {
  it('adds without binary float artefacts', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(multiply('1.1', '3')).toBe('3.3');
  });

  it('keeps 18-decimal token precision', () => {
    expect(add('0.000000000000000001', '1')).toBe('1.000000000000000001');
  });

  it('rounds to a currency decimals in the asked direction', () => {
    expect(roundUp('0.123456781', 8)).toBe('0.12345679');
    expect(roundDown('0.123456789', 8)).toBe('0.12345678');
    expect(toFixedDecimals('10', 8)).toBe('10.00000000');
  });

  it('computes percentages exactly', () => {
    expect(percentOf('200', '2.5')).toBe('5');
    expect(compare('1.10', '1.1')).toBe(0);
    expect(toJsonNumber('0.00001')).toBe(0.00001);
  });
});
