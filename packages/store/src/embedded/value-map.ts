import { equalityKey } from './document-values';

/**
 * A map keyed by field values under MongoDB's equality (as `equalityKey` defines it). Strings and
 * numbers are their own keys, so an index entry shares the document's string instead of building a
 * key string per document (~90 bytes each on uuid-like fields); Map's SameValueZero equates 0 and -0,
 * and NaN with itself, as equalityKey does. Other values go through equalityKey.
 */
export class ValueMap<V> {
  private readonly strings = new Map<string, V>();
  private readonly numbers = new Map<number, V>();
  private readonly others = new Map<string, V>();

  get(value: unknown): V | undefined {
    if (typeof value === 'string') return this.strings.get(value);
    if (typeof value === 'number') return this.numbers.get(value);
    return this.others.get(equalityKey(value));
  }

  set(value: unknown, entry: V): void {
    if (typeof value === 'string') this.strings.set(value, entry);
    else if (typeof value === 'number') this.numbers.set(value, entry);
    else this.others.set(equalityKey(value), entry);
  }

  delete(value: unknown): void {
    if (typeof value === 'string') this.strings.delete(value);
    else if (typeof value === 'number') this.numbers.delete(value);
    else this.others.delete(equalityKey(value));
  }

  clear(): void {
    this.strings.clear();
    this.numbers.clear();
    this.others.clear();
  }
}
