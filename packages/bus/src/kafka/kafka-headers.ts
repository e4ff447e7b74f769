import type { IHeaders } from 'kafkajs';

export type RawHeaders = Record<string, Buffer | string | (Buffer | string)[]>;

/** Header values as strings; of a header repeated on the wire the last one wins, as in Java's lastHeader(). */
export function headersOf(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value !== undefined) result[name] = value.toString();
  }
  return result;
}

/** The headers exactly as received (repeats included), to forward a message unchanged. */
export function rawHeadersOf(headers: IHeaders | undefined): RawHeaders {
  const result: RawHeaders = {};
  for (const [name, raw] of Object.entries(headers ?? {})) if (raw !== undefined) result[name] = raw;
  return result;
}
