import { numericIdIn } from '../src';

describe('numericIdIn', () => {
  it('reads the digits of any safe integer, 16 digits included (payment ids reach them in 2031)', () => {
    expect(numericIdIn('5077125051')).toBe(5077125051);
    expect(numericIdIn('4879895813386008')).toBe(4879895813386008);
    expect(numericIdIn(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(numericIdIn('007')).toBe(7);
  });

  it('names no id with text that is not digits or lies past a safe integer', () => {
    for (const text of ['', 'abc', '-5', '1.5', '1e3', ' 12', '9007199254740993', '99999999999999999'])
      expect(numericIdIn(text)).toBeNull();
  });
});
