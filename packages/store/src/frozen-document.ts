/**
 * A document handed over to a read-model store: frozen all the way down, so the embedded store keeps
 * it as it is instead of copying it (the writer cannot change it afterwards, nor can anyone else).
 * Freezes the document in place, with every object and array it holds that is not frozen yet; returns it.
 */
export function frozenDocument<T>(document: T): T {
  // A frozen object is taken for frozen all the way down, as `deepFreeze` leaves it; the store checks.
  if (typeof document !== 'object' || document === null || Object.isFrozen(document)) return document;
  for (const key in document) frozenDocument(document[key]);
  return Object.freeze(document);
}

/**
 * Whether nothing in the value can change: every object and array in it frozen. A Date never counts
 * (freezing it leaves its time settable), nor does any object that is not plain data.
 */
export function isFrozenDocument(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) return false;
  for (const key in value) if (!isFrozenDocument((value as Record<string, unknown>)[key])) return false;
  return true;
}
