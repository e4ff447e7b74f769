import { createHash } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** The version byte of every Tron account and contract address: `T…` in base58. */
const TRON_PREFIX = 0x41;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();
const checksumOf = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);

function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`"${char}" is not a base58 character`);
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

function base58Encode(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/**
 * The 20-byte hex form (`0x…`, lowercase) of a Tron base58 address `T…`: what Tron's Ethereum-compatible
 * JSON-RPC names accounts and contracts by (its `41` prefix dropped). Throws on a bad checksum or prefix.
 */
export function tronAddressToHex(address: string): string {
  const raw = base58Decode(address);
  const payload = raw.subarray(0, -4);
  if (raw.length !== 25 || !Buffer.from(checksumOf(payload)).equals(raw.subarray(-4)))
    throw new Error('is not a Tron address (base58check of 21 bytes)');
  if (payload[0] !== TRON_PREFIX) throw new Error('is not a Tron address (no 0x41 prefix)');
  return `0x${Buffer.from(payload.subarray(1)).toString('hex')}`;
}

/** The base58 address `T…` of a 20-byte hex address, with or without `0x` or the `41` prefix. */
export function tronAddressFromHex(hex: string): string {
  const digits = hex.replace(/^0x/i, '').toLowerCase();
  const body = digits.length === 42 && digits.startsWith('41') ? digits.slice(2) : digits;
  if (!/^[0-9a-f]{40}$/.test(body)) throw new Error('is not a 20-byte hex address');
  const payload = Buffer.concat([Buffer.of(TRON_PREFIX), Buffer.from(body, 'hex')]);
  return base58Encode(Buffer.concat([payload, checksumOf(payload)]));
}

/** Whether a text is a Tron base58 address `T…` with a valid checksum. */
export function isTronAddress(address: string): boolean {
  try {
    tronAddressToHex(address);
    return true;
  } catch {
    return false;
  }
}
