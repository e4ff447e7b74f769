/** What {@link frozenJsonCopy} answers for a value JSON would not carry unchanged. */
export const NOT_PLAIN_JSON: unique symbol = Symbol('not plain JSON');

/** Deeper than any message; past it the value may be cyclic, which JSON.stringify reports itself. */
const MAX_DEPTH = 64;

/**
 * A deep-frozen copy of `value` if it is plain JSON data, which `JSON.parse(JSON.stringify(value))`
 * would give back equal: strings, booleans, finite numbers other than -0, null, arrays without holes
 * and objects whose prototype is Object's (or null) with own enumerable string keys, all the way down.
 * Anything JSON would change or refuse (undefined, a function, a symbol, a bigint, NaN, ±Infinity, -0,
 * a Date or other class instance, a Map, a Buffer, a boxed primitive, an object with a `toJSON` method, a
 * symbol key or a `__proto__` key, a hole in an array, a cycle) answers {@link NOT_PLAIN_JSON}: the caller then takes
 * the JSON round trip, which says what Kafka would deliver. One walk, no string, no bytes; the copy
 * keeps the key order JSON would (Object.keys), and the publisher's value is left as it was.
 */
export function frozenJsonCopy(value: unknown): unknown {
  return copy(value, 0);
}

/**
 * Every object and array {@link frozenJsonCopy} has made. They are frozen and plain all the way down, so
 * copying one again would give an equal value: it is handed on as it is, which lets a value travel through
 * the event store, the bus and its consumers without a copy at each hop.
 */
const madeHere = new WeakSet<object>();

function copy(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : NOT_PLAIN_JSON;
    case 'object':
      if (value === null) return null;
      if (madeHere.has(value)) return value;
      if (depth >= MAX_DEPTH) return NOT_PLAIN_JSON;
      return Array.isArray(value) ? copyArray(value, depth + 1) : copyObject(value, depth + 1);
    default:
      return NOT_PLAIN_JSON;
  }
}

function copyArray(array: readonly unknown[], depth: number): unknown {
  const out: unknown[] = new Array(array.length);
  for (let i = 0; i < array.length; i++) {
    // A hole reads as undefined and is refused: JSON would write null.
    const item = copy(array[i], depth);
    if (item === NOT_PLAIN_JSON) return NOT_PLAIN_JSON;
    out[i] = item;
  }
  return made(out);
}

function copyObject(object: object, depth: number): unknown {
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN_JSON;
  // The spread copies in one step and keeps V8's fast properties (see cloneDocument in @gw/store);
  // it also copies enumerable symbol keys, which JSON drops.
  const out: Record<string, unknown> = { ...(object as Record<string, unknown>) };
  if (Object.getOwnPropertySymbols(out).length > 0) return NOT_PLAIN_JSON;
  for (const key of Object.keys(out)) {
    const field = out[key];
    if (typeof field === 'string' || typeof field === 'boolean' || field === null) continue;
    // Assigning __proto__ would set the copy's prototype instead of a key; JSON.parse makes it a key.
    if (key === '__proto__') return NOT_PLAIN_JSON;
    const item = copy(field, depth);
    if (item === NOT_PLAIN_JSON) return NOT_PLAIN_JSON;
    if (item !== field) out[key] = item;
  }
  return made(out);
}

function made(value: object): object {
  Object.freeze(value);
  madeHere.add(value);
  return value;
}
