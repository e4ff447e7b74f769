import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { type Clock, systemClock } from './clock';

export function newUuid(): string {
  return randomUUID();
}

/** Start of the numeric id timeline: 2024-01-01T00:00:00Z. */
export const NUMERIC_ID_EPOCH_MS = Date.UTC(2024, 0, 1);
const RANDOM_BITS = 12;
const RANDOM_SPAN = 2 ** RANDOM_BITS;

/**
 * Who mints a numeric id. A request's ids (payments, plans, static addresses) and the ids of payments a
 * chain observation opens (a static address's deposit, a V1 repeated payment) come from different
 * processes, so they could draw the same millisecond and random bits; a payment opened for a deposit
 * under another payment's id would credit that payment. The two spaces never share a number:
 * `request` ids lie in [2^30, 2^52) until 2058, `chain` ids in [2^52, 2^53).
 */
export type NumericIdSpace = 'request' | 'chain';
const SPACES: Record<NumericIdSpace, { floor: number; end: number }> = {
  // The floor gives even the ids of the timeline's first minutes 10 digits.
  request: { floor: 2 ** 30, end: 2 ** 52 },
  chain: { floor: 2 ** 52, end: Number.MAX_SAFE_INTEGER + 1 },
};

export type NumericIdGenerator = () => number;

/**
 * Snowflake-like ids for families that expose numeric ids (V1 payment_id, invoice id): its space's
 * floor plus milliseconds since 2024-01-01 shifted left 12 bits plus 12 random bits, so ids sort by
 * creation time and are hard to guess. Within one generator ids strictly increase, so a burst inside one
 * millisecond cannot repeat an id.
 */
export function createNumericIdGenerator(
  clock: Clock = systemClock,
  space: NumericIdSpace = 'request',
): NumericIdGenerator {
  let last = 0;
  return () => {
    let id = idAt(space, clock.now().getTime(), randomInt(RANDOM_SPAN));
    if (id <= last) id = last + 1;
    if (id >= SPACES[space].end) throw new RangeError(`the ${space} numeric id space is exhausted`);
    last = id;
    return id;
  };
}

/** A request's fresh ids. */
export const newNumericId: NumericIdGenerator = createNumericIdGenerator();
/** The fresh ids of payments a chain observation opens. */
export const newChainNumericId: NumericIdGenerator = createNumericIdGenerator(systemClock, 'chain');

/**
 * The id its space's generator would give at `at`, with the random bits taken from `seed` instead: the
 * same seed and instant always give the same id, so a redelivered message that mints an id mints the same one.
 */
export function numericIdFrom(seed: string, at: Date, space: NumericIdSpace = 'request'): number {
  return idAt(space, at.getTime(), seedDigest(seed).readUInt16BE(0) % RANDOM_SPAN);
}

function idAt(space: NumericIdSpace, atMs: number, random: number): number {
  return SPACES[space].floor + Math.max(0, atMs - NUMERIC_ID_EPOCH_MS) * RANDOM_SPAN + random;
}

/** A version-4-shaped UUID derived from `seed`: the same seed always gives the same UUID. */
export function uuidFrom(seed: string): string {
  const bytes = seedDigest(seed).subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const seedDigest = (seed: string): Buffer => createHash('sha256').update(seed).digest();

/** Minimum entropy of a secret: 128 bits. */
export const MIN_SECRET_BYTES = 16;

/** A random secret (API key, IPN secret) as base64url text. */
export function newSecret(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < MIN_SECRET_BYTES) {
    throw new RangeError(`a secret needs at least ${MIN_SECRET_BYTES} random bytes, got ${bytes}`);
  }
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
