/**
 * JSON exactly as the upstream SDKs put it on the wire (reference/upstream-apis.md §2.6), for flat and
 * nested objects of strings, numbers, booleans and null.
 */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const escapeNonAscii = (text: string): string =>
  text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

function encode(value: Json, itemSeparator: string, keySeparator: string): string {
  if (Array.isArray(value))
    return `[${value.map((item) => encode(item, itemSeparator, keySeparator)).join(itemSeparator)}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}${keySeparator}${encode(item, itemSeparator, keySeparator)}`,
    );
    return `{${members.join(itemSeparator)}}`;
  }
  return JSON.stringify(value);
}

/** PHP `json_encode($data, JSON_UNESCAPED_UNICODE)` (official PHP SDK): compact, `/` as `\/`, unicode raw; `[]` for no params. */
export function phpJsonEncode(data: Record<string, Json>): string {
  if (Object.keys(data).length === 0) return '[]';
  return encode(data, ',', ':')
    .replace(/\//g, '\\/')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** PyPI `cryptomus`: `json.dumps(data, separators=(',', ':'))`, ASCII-escaped; `{}` for no params. */
export function pyCryptomusDumps(data: Record<string, Json>): string {
  return escapeNonAscii(encode(data, ',', ':'));
}

/** PyPI `pycryptomusapi`: `json.dumps(data)` with `", "` / `": "` separators, ASCII-escaped; `""` for no params. */
export function pyCryptomusApiDumps(data: Record<string, Json> | null): string {
  if (data === null || Object.keys(data).length === 0) return '';
  return escapeNonAscii(encode(data, ', ', ': '));
}
