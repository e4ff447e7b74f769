import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { type Clock, systemClock } from './clock';

export function newUuid(): string {
  return randomUUID();
}

/** Start of the numeric id timeline: 2024-01-01T00:00:00Z. */
export const NUMERIC_ID_EPOCH_MS = Date.UTC(2024, 0, 1);
const RANDOM_BITS = 12;
const RANDOM_SPAN = 2 ** RANDOM_BITS;
/** Added to every id so that even ids minted in the first minutes of the timeline have 10 digits. */
const TEN_DIGIT_FLOOR = 2 ** 30;

export type NumericIdGenerator = () => number;

/**
 * Snowflake-like ids for families that expose numeric ids (V1 payment_id, invoice id):
 * milliseconds since 2024-01-01 shifted left 12 bits plus 12 random bits, so ids sort by creation
 * time and are hard to guess. Within one generator ids strictly increase, so a burst inside one
 * millisecond cannot repeat an id. Ids stay below Number.MAX_SAFE_INTEGER until about 2093.
 */
export function createNumericIdGenerator(clock: Clock = systemClock): NumericIdGenerator {
  let last = 0;
  return () => {
    const elapsed = Math.max(0, clock.now().getTime() - NUMERIC_ID_EPOCH_MS);
    let id = TEN_DIGIT_FLOOR + elapsed * RANDOM_SPAN + randomInt(RANDOM_SPAN);
    if (id <= last) id = last + 1;
    if (!Number.isSafeInteger(id)) throw new RangeError('numeric id space is exhausted');
    last = id;
    return id;
  };
}

export const newNumericId: NumericIdGenerator = createNumericIdGenerator();

/**
 * The id newNumericId would give at `at`, with the random bits taken from `seed` instead: the same seed
 * and instant always give the same id, so a redelivered message that mints an id mints the same one.
 */
export function numericIdFrom(seed: string, at: Date): number {
  const elapsed = Math.max(0, at.getTime() - NUMERIC_ID_EPOCH_MS);
  return TEN_DIGIT_FLOOR + elapsed * RANDOM_SPAN + (seedDigest(seed).readUInt16BE(0) % RANDOM_SPAN);
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
