import { parseJsonExactly } from '../src/http/exact-json';

describe('reading JSON without rounding a number', () => {
  it('keeps a number literal a double cannot hold as its exact text', () => {
    expect(
      parseJsonExactly(
        '{"big":12345678901234567890,"inf":1e309,"minusInf":-1e309,"tiny":1e-400,"long":0.10000000000000000555,"nested":[{"x":999999999999999.99}]}',
      ),
    ).toEqual({
      big: '12345678901234567890',
      inf: '1e309',
      minusInf: '-1e309',
      tiny: '1e-400',
      long: '0.10000000000000000555',
      nested: [{ x: '999999999999999.99' }],
    });
  });

  it('leaves every number a double holds as written a number', () => {
    expect(parseJsonExactly('[100, 0.1, 1.5, 1e21, 1E2, -0, 0.0000001, 10.00, 123456789012345]')).toEqual([
      100, 0.1, 1.5, 1e21, 100, -0, 0.0000001, 10, 123456789012345,
    ]);
  });

  it('does not touch digits inside strings, escaped quotes included', () => {
    expect(parseJsonExactly('{"a":"x\\"12345678901234567890","b":"1e309"}')).toEqual({
      a: 'x"12345678901234567890',
      b: '1e309',
    });
  });
});
