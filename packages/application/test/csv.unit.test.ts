import { csvCell, csvRow } from '../src/csv';

describe('CSV cells', () => {
  it('leaves plain text, numbers, booleans as they are and null empty', () => {
    expect(csvRow(['abc', 12, true, null, '0.5'])).toBe('abc,12,true,,0.5\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it('prefixes a cell a spreadsheet would run as a formula with a quote mark', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell('=HYPERLINK("x",",")')).toBe(`"'=HYPERLINK(""x"","","")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});
