/** CSV as RFC 4180 writes it, with cells a spreadsheet would run as a formula defused. */

/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell: a leading `'` before a formula character (so `=HYPERLINK(…)` stays text), then quoted when it
 * holds a comma, a quote or a line break, with quotes doubled.
 */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 has it. */
export const csvRow = (cells: readonly (string | number | boolean | null)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
