import type { LoggedMessage } from './topic-log';

/**
 * Decoded values of recently delivered messages, so a message consumed by several groups (four on
 * payments.events) is parsed and validated once; each group still gets its own copy, as each Kafka
 * consumer decodes its own. Bounded: a group far behind the others just decodes again.
 */
export class DecodedValues {
  private readonly values = new Map<LoggedMessage, unknown>();

  constructor(private readonly capacity = 4096) {}

  /** Records what decoding `message` would produce, known without decoding it (see jsonSnapshot). */
  remember(message: LoggedMessage, value: unknown): void {
    if (this.values.size >= this.capacity) this.values.delete(this.values.keys().next().value!);
    this.values.set(message, value);
  }

  /** Synchronous when the value is known, saving consumers a turn of the microtask queue. */
  decode(message: LoggedMessage, decode: (bytes: Buffer) => unknown): unknown {
    if (this.values.has(message)) return copyDecoded(this.values.get(message));
    return this.decodeBytes(message, decode);
  }

  private async decodeBytes(message: LoggedMessage, decode: (bytes: Buffer) => unknown): Promise<unknown> {
    const value = await decode(message.bytes);
    this.remember(message, value);
    return copyDecoded(value);
  }
}

/** jsonSnapshot's answer for a value JSON would not carry unchanged. */
export const NOT_PLAIN_JSON: unique symbol = Symbol('not plain JSON');

/**
 * A copy of `value` equal to `JSON.parse(JSON.stringify(value))`, or NOT_PLAIN_JSON when the round trip
 * would change it (undefined, NaN, -0, a Date or another class, toJSON, a sparse array). A value that
 * survives the round trip unchanged decodes to exactly this copy, so its schema verdict is the one the
 * codec reached when it encoded it.
 */
export function jsonSnapshot(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : NOT_PLAIN_JSON;
    case 'object':
      break;
    default:
      return NOT_PLAIN_JSON;
  }
  if (value === null) return null;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Array.prototype) {
    const array = value as unknown[];
    const copy: unknown[] = new Array(array.length);
    for (let i = 0; i < array.length; i++) {
      const element = jsonSnapshot(array[i]);
      if (element === NOT_PLAIN_JSON) return NOT_PLAIN_JSON;
      copy[i] = element;
    }
    return copy;
  }
  if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN_JSON;
  if ('toJSON' in value) return NOT_PLAIN_JSON;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = jsonSnapshot((value as Record<string, unknown>)[key]);
    if (field === NOT_PLAIN_JSON) return NOT_PLAIN_JSON;
    if (key === '__proto__') defineOwn(copy, key, field);
    else copy[key] = field;
  }
  return copy;
}

/**
 * A deep copy of a decoded value. JSON values (what every codec here produces) are copied by hand,
 * several times faster than structuredClone and cheaper than parsing the bytes again; anything
 * else a codec may return goes through structuredClone.
 */
export function copyDecoded<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyDecoded) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = copyDecoded((value as Record<string, unknown>)[key]);
    if (key === '__proto__') defineOwn(copy, key, field);
    else copy[key] = field;
  }
  return copy as T;
}

/**
 * JSON.parse makes "__proto__" an own property; plain assignment would set the prototype instead.
 * (The common case stays an inline keyed store in the loops: a helper for both made copies 10x slower.)
 */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
