import type { Filter, Range, Scalar } from '../read-models';
import { compareValues, valueAt } from './document-values';
import { isRange } from './filter-match';
import { SortedEntries } from './sorted-entries';
import { ValueMap } from './value-map';

/** Ids in sort order, and how many entries the walk may read at most. */
export interface OrderedWalk {
  ids: Iterable<string>;
  size: number;
}

/**
 * A compound index (leading, sortField) kept in order, so "this merchant's payments by createdAt,
 * limit 100" walks 100 entries instead of sorting every payment the merchant has. Order is exactly the
 * collection's sort order: the sort value, then the id in the same direction. Documents holding an
 * array in either field would need multikey semantics; once one is seen the index stops answering.
 */
export class OrderedIndex {
  /** Per leading-field value, its documents in (sort value, id) order. */
  private readonly buckets = new ValueMap<SortedEntries>();
  private arrayValued = 0;

  constructor(
    readonly leading: string,
    readonly sortField: string,
  ) {}

  add(id: string, document: unknown): void {
    const { key, value, isArray } = this.entryOf(document);
    if (isArray) this.arrayValued++;
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new SortedEntries()));
    bucket.insert(value, id);
  }

  remove(id: string, document: unknown): void {
    const { key, value, isArray } = this.entryOf(document);
    if (isArray) this.arrayValued--;
    const bucket = this.buckets.get(key);
    if (bucket?.delete(value, id) && bucket.size === 0) this.buckets.delete(key);
  }

  /**
   * The ids of the documents whose leading field equals the filter's, in the order of `sort`, with the
   * number of entries under that leading value (what a walk that finds nothing reads), or undefined
   * when this index cannot answer (another sort, no equality on the leading field).
   */
  ordered(filter: Filter, sort: [string, 1 | -1][]): OrderedWalk | undefined {
    if (this.arrayValued > 0 || sort.length !== 1 || sort[0]![0] !== this.sortField) return undefined;
    const equal = equalityOf(filter[this.leading]);
    if (equal === undefined) return undefined;
    const bucket = this.buckets.get(equal);
    if (!bucket) return { ids: [], size: 0 };
    // A keyset page (`id < cursor`) starts at its cursor instead of walking every newer entry first.
    const bound = filter[this.sortField];
    const range = bound !== undefined && isRange(bound) ? bound : undefined;
    const size = bucket.size;
    if (sort[0]![1] === 1) {
      const from = range?.$gt ?? range?.$gte;
      return { ids: bucket.ascendingFrom(from, pastUpper(range)), size };
    }
    return { ids: bucket.descendingBelow(range?.$lt, pastLower(range)), size };
  }

  /**
   * The entries whose leading field equals `value` (in id order within each sort value), or undefined
   * once an array was seen: an equality on the leading field reads its bucket, so the field needs no
   * hash index of its own (every payment of a merchant in one more Set).
   */
  leadingEqualTo(value: unknown): SortedEntries | undefined {
    if (this.arrayValued > 0) return undefined;
    return this.buckets.get(value) ?? EMPTY;
  }

  /**
   * The ids whose two fields both equal the filter's, or undefined when the filter does not pin both:
   * (merchantId, orderId) lookups then read one short range instead of every payment of the merchant.
   */
  equalTo(filter: Filter): string[] | undefined {
    if (this.arrayValued > 0) return undefined;
    const leading = equalityOf(filter[this.leading]);
    const second = equalityOf(filter[this.sortField]);
    if (leading === undefined || second === undefined) return undefined;
    const bucket = this.buckets.get(leading);
    return bucket ? [...bucket.equalTo(second)] : [];
  }

  clear(): void {
    this.buckets.clear();
    this.arrayValued = 0;
  }

  private entryOf(document: unknown) {
    const leading = valueAt(document, this.leading);
    const value = valueAt(document, this.sortField);
    return { key: leading, value, isArray: Array.isArray(leading) || Array.isArray(value) };
  }
}

/**
 * A single-field index kept in (value, id) order, the collection's order for a sort by that field alone:
 * a range on the field, sorted by it, walks from the range's start and stops past its end instead of
 * reading every document ("the events that occurred since the checkpoint"). Like MongoDB's single-field
 * index, which serves ranges and sorts as well as equality. Stops answering once an array value is seen.
 */
export class FieldOrderIndex {
  private entries = new SortedEntries();
  private arrayValued = 0;

  constructor(readonly field: string) {}

  add(id: string, document: unknown): void {
    const value = valueAt(document, this.field);
    if (Array.isArray(value)) this.arrayValued++;
    this.entries.insert(value, id);
  }

  remove(id: string, document: unknown): void {
    const value = valueAt(document, this.field);
    if (Array.isArray(value)) this.arrayValued--;
    this.entries.delete(value, id);
  }

  /** The ids in the order of a sort by this field alone, from the filter's range on it; undefined otherwise. */
  ordered(filter: Filter, sort: [string, 1 | -1][]): OrderedWalk | undefined {
    if (this.arrayValued > 0 || sort.length !== 1 || sort[0]![0] !== this.field) return undefined;
    const condition = filter[this.field];
    if (condition !== undefined && !isRange(condition)) return undefined;
    const range = condition;
    const size = this.entries.size;
    if (sort[0]![1] === 1) {
      return { ids: this.entries.ascendingFrom(range?.$gt ?? range?.$gte, pastUpper(range)), size };
    }
    return { ids: this.entries.descendingBelow(range?.$lt, pastLower(range)), size };
  }

  clear(): void {
    this.entries = new SortedEntries();
    this.arrayValued = 0;
  }
}

const EMPTY = new SortedEntries();

/** Past a `$lt`/`$lte` bound: every later entry in ascending order is too (type brackets included). */
function pastUpper(range: Range | undefined): ((value: unknown) => boolean) | undefined {
  if (range?.$lt !== undefined) {
    const bound = range.$lt;
    return (value) => compareValues(value, bound) >= 0;
  }
  if (range?.$lte !== undefined) {
    const bound = range.$lte;
    return (value) => compareValues(value, bound) > 0;
  }
  return undefined;
}

/** Below a `$gt`/`$gte` bound: every later entry in descending order is too. */
function pastLower(range: Range | undefined): ((value: unknown) => boolean) | undefined {
  if (range?.$gt !== undefined) {
    const bound = range.$gt;
    return (value) => compareValues(value, bound) <= 0;
  }
  if (range?.$gte !== undefined) {
    const bound = range.$gte;
    return (value) => compareValues(value, bound) < 0;
  }
  return undefined;
}

function equalityOf(condition: Filter[string] | undefined): Scalar | undefined {
  if (condition === undefined) return undefined;
  if (!isRange(condition)) return condition;
  const operators = Object.keys(condition);
  return operators.length === 1 && condition.$eq !== undefined ? condition.$eq : undefined;
}
