import type { LoggedMessage } from './topic-log';

/**
 * Decoded values of recently delivered messages, so a message consumed by several groups (four on
 * payments.events) is parsed and validated once; each group still gets its own copy, as each Kafka
 * consumer decodes its own. Bounded: a group far behind the others just decodes again.
 */
export class DecodedValues {
  private readonly values = new Map<LoggedMessage, unknown>();

  constructor(private readonly capacity = 4096) {}

  async decode(message: LoggedMessage, decode: (bytes: Buffer) => unknown): Promise<unknown> {
    if (this.values.has(message)) return copyDecoded(this.values.get(message));
    const value = await decode(message.bytes);
    if (this.values.size >= this.capacity) this.values.delete(this.values.keys().next().value!);
    this.values.set(message, value);
    return copyDecoded(value);
  }
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
    // JSON.parse makes "__proto__" an own property; plain assignment would set the prototype instead.
    if (key === '__proto__')
      Object.defineProperty(copy, key, {
        value: field,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[key] = field;
  }
  return copy as T;
}
