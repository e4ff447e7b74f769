/** Parsers for environment values; each throws a message that the config loader prefixes with the variable name. */
import { isIP } from 'node:net';

export function parseInteger(raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw)) throw new Error(`must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new Error(`must be between ${min} and ${max}`);
  return value;
}

export function parseBoolean(raw: string): boolean {
  const normalised = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
  if (['false', '0', 'no', 'off'].includes(normalised)) return false;
  throw new Error('must be true or false');
}

export function parseOneOf<T extends string>(raw: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === raw.toLowerCase());
  if (found === undefined) throw new Error(`must be one of ${allowed.join(', ')}`);
  return found;
}

export function parseUrl(raw: string, protocols: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('must be an absolute URL');
  }
  if (!protocols.includes(url.protocol))
    throw new Error(`must use ${protocols.map((p) => p.replace(/:$/, '')).join(' or ')}`);
  return raw;
}

/** A public base URL without a trailing slash, so `${baseUrl}/pay/<uuid>` never doubles the slash. */
export function parseBaseUrl(raw: string): string {
  parseUrl(raw, ['http:', 'https:']);
  const url = new URL(raw);
  if (url.search || url.hash) throw new Error('must not carry a query or fragment');
  if (url.username || url.password) throw new Error('must not carry credentials');
  return raw.replace(/\/+$/, '');
}

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Express's `trust proxy`: `false`, a number of proxy hops in front of the gateway, or a list of proxy
 * addresses, CIDR ranges and the presets loopback, linklocal and uniquelocal. `true` (believe every
 * X-Forwarded-For) is refused: any client could then pick the IP it is rate-limited as.
 */
export function parseTrustProxy(raw: string): false | number | string[] {
  const text = raw.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return parseInteger(text, 0, 16);
  if (text === 'true') throw new Error('true would trust any client; give the proxy hops or addresses');
  const entries = parseList(text);
  for (const entry of entries) {
    if (PROXY_PRESETS.includes(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const bits = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (version === 0 || !prefixOk || rest.length > 0)
      throw new Error(`"${entry}" is not an IP address, a CIDR range or one of ${PROXY_PRESETS.join(', ')}`);
  }
  return entries;
}

export function parseList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export function parseBrokers(raw: string): string[] {
  const brokers = parseList(raw);
  if (brokers.length === 0) throw new Error('must list at least one host:port');
  for (const broker of brokers) {
    const match = /^(.+):(\d{1,5})$/.exec(broker);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535)
      throw new Error(`"${broker}" is not host:port`);
  }
  return brokers;
}

export function parseHostList(raw: string): string[] {
  return parseList(raw).map((host) => host.toLowerCase());
}

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };
const MAX_BODY_LIMIT = 10 * 1024 * 1024;

/** Sizes like `100kb`, `1mb` or `2048` (bytes). */
export function parseByteSize(raw: string): number {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(raw.trim());
  if (!match) throw new Error('must be a size such as 100kb, 1mb or 2048');
  const bytes = Number(match[1]) * (SIZE_UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1);
  if (bytes < 1 || bytes > MAX_BODY_LIMIT) throw new Error(`must be between 1 byte and 10mb`);
  return bytes;
}

/** A 32-byte key written as 64 hex characters or as base64 / base64url. */
export function parseMasterKey(raw: string): Buffer {
  const text = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) {
    const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  throw new Error('must be a 32-byte key written as 64 hex characters or base64');
}

export function parseRatio(raw: string): number {
  const value = Number(raw);
  if (!/^\d*\.?\d+$/.test(raw) || value > 1) throw new Error('must be a number from 0 to 1');
  return value;
}
