/**
 * JSON.parse, except that a number literal a double cannot hold as written is kept as its exact text:
 * `12345678901234567890` parses to the string "12345678901234567890" instead of 12345678901234567000,
 * `1e309` to "1e309" instead of Infinity. A literal is held when its value reads back from the parsed
 * double's shortest decimal text (`String(n)`); every literal of at most 15 significant digits within
 * range is. So no silently rounded number reaches a request's rules: where a field takes decimal
 * strings (money), the exact value is checked; elsewhere the string is a type error, not a rounded value.
 * The text must already be valid JSON.
 */
export function parseJsonExactly(text: string): unknown {
  const value: unknown = JSON.parse(text);
  const inexact = inexactNumberLiterals(text);
  if (inexact.length === 0) return value;
  let quoted = '';
  let from = 0;
  for (const { start, end } of inexact) {
    quoted += `${text.slice(from, start)}"${text.slice(start, end)}"`;
    from = end;
  }
  return JSON.parse(quoted + text.slice(from));
}

interface Span {
  start: number;
  end: number;
}

const NUMBER_LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Where the number literals that a double does not hold exactly are, in order. */
function inexactNumberLiterals(text: string): Span[] {
  const spans: Span[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      index = endOfString(text, index);
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER_LITERAL.lastIndex = index;
      const literal = NUMBER_LITERAL.exec(text)![0];
      const end = index + literal.length;
      if (!readsBack(literal)) spans.push({ start: index, end });
      index = end;
    } else {
      index += 1;
    }
  }
  return spans;
}

/** The index after the closing quote of the string that opens at `start`. */
function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** Whether the literal's value is the value of the parsed double's shortest decimal text. */
function readsBack(literal: string): boolean {
  const parsed = Number(literal);
  if (!Number.isFinite(parsed)) return false;
  const written = canonical(literal);
  const read = canonical(String(parsed));
  return written.digits === read.digits && (written.digits === '' || written.exponent === read.exponent);
}

/** A decimal as significant digits and the power of ten of the last one; zero has no digits. */
function canonical(decimal: string): { digits: string; exponent: number } {
  const [mantissa = '', exponentText = '0'] = decimal.replace(/^-/, '').toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let digits = (whole + fraction).replace(/^0+/, '');
  let exponent = Number(exponentText) - fraction.length;
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  return { digits, exponent };
}
