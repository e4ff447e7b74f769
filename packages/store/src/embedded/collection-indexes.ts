import type { Filter, IndexSpec } from '../read-models';
import { equalityKey, valueAt, valuesAt } from './document-values';
import { isRange } from './filter-match';
import { FieldOrderIndex, OrderedIndex, type OrderedWalk } from './ordered-index';
import { ValueMap } from './value-map';

/**
 * Documents by the value of one field, so an equality or $in filter skips the scan. A value held by
 * one document maps to its id alone: on unique-ish fields (uuid, payAddress) a one-element Set per
 * document cost ~250 bytes.
 */
class EqualityIndex {
  private readonly buckets = new ValueMap<string | Set<string>>();

  constructor(readonly field: string) {}

  add(id: string, document: unknown): void {
    for (const value of this.valuesOf(document)) {
      const bucket = this.buckets.get(value);
      if (bucket === undefined || bucket === id) this.buckets.set(value, id);
      else if (typeof bucket === 'string') this.buckets.set(value, new Set([bucket, id]));
      else bucket.add(id);
    }
  }

  remove(id: string, document: unknown): void {
    for (const value of this.valuesOf(document)) {
      const bucket = this.buckets.get(value);
      if (bucket === id) this.buckets.delete(value);
      else if (typeof bucket === 'object') {
        bucket.delete(id);
        if (bucket.size === 1) this.buckets.set(value, bucket.values().next().value as string);
      }
    }
  }

  lookup(values: unknown[]): Set<string> {
    if (values.length === 1) return idsOf(this.buckets.get(values[0]));
    const ids = new Set<string>();
    for (const value of values) for (const id of idsOf(this.buckets.get(value))) ids.add(id);
    return ids;
  }

  clear(): void {
    this.buckets.clear();
  }

  /** The field's values, each once under MongoDB's equality (an array yields itself and its elements). */
  private valuesOf(document: unknown): unknown[] {
    const values = valuesAt(document, this.field);
    if (values.length === 1) return values;
    const seen = new Set<string>();
    return values.filter((value) => {
      const key = equalityKey(value);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

function idsOf(bucket: string | Set<string> | undefined): Set<string> {
  if (bucket === undefined) return new Set();
  return typeof bucket === 'string' ? new Set([bucket]) : bucket;
}

export interface UniqueConflict {
  fields: string[];
  id: string;
}

/** One unique index: its key (missing fields count as null, as in MongoDB) to the owning document id. */
export class UniqueIndex {
  private readonly owners = new ValueMap<string>();

  constructor(readonly fields: string[]) {}

  /** A single field's value is its own key; a compound key is the JSON of its fields' equality keys. */
  keyOf(document: unknown): unknown {
    if (this.fields.length === 1) return valueAt(document, this.fields[0]!) ?? null;
    return JSON.stringify(this.fields.map((field) => equalityKey(valueAt(document, field))));
  }

  ownerOf(document: unknown): string | undefined {
    return this.owners.get(this.keyOf(document));
  }

  add(id: string, document: unknown): void {
    this.owners.set(this.keyOf(document), id);
  }

  remove(id: string, document: unknown): void {
    const key = this.keyOf(document);
    if (this.owners.get(key) === id) this.owners.delete(key);
  }

  clear(): void {
    this.owners.clear();
  }
}

/**
 * The secondary indexes of one collection. Every declared index gets a hash index on its leading field
 * (a compound index on (merchantId, createdAt) serves filters on merchantId); unique indexes also keep
 * their full key to enforce uniqueness; compound indexes also keep their first two fields in order,
 * for sorted pages; a single-field index that is not unique is also kept in its field's order, for ranges.
 */
export class CollectionIndexes {
  private readonly equality = new Map<string, EqualityIndex>();
  readonly unique = new Map<string, UniqueIndex>();
  private readonly ordered = new Map<string, OrderedIndex | FieldOrderIndex>();

  /**
   * Builds the missing indexes over `documents`. A unique index the documents already violate is not
   * created; the conflict is returned instead.
   */
  declare(specs: IndexSpec[], documents: () => Iterable<[string, unknown]>): UniqueConflict | undefined {
    for (const spec of specs) {
      const fields = spec.fields.map(([field]) => field);
      const leading = fields[0];
      if (leading === undefined) throw new Error('an index needs at least one field');
      if (!this.equality.has(leading)) {
        const index = new EqualityIndex(leading);
        for (const [id, document] of documents()) index.add(id, document);
        this.equality.set(leading, index);
      }
      const second = fields[1];
      const pair = JSON.stringify([leading, second]);
      if ((second !== undefined || !spec.unique) && !this.ordered.has(pair)) {
        const index = second === undefined ? new FieldOrderIndex(leading) : new OrderedIndex(leading, second);
        for (const [id, document] of documents()) index.add(id, document);
        this.ordered.set(pair, index);
      }
      const name = JSON.stringify(fields);
      if (!spec.unique || this.unique.has(name)) continue;
      const index = new UniqueIndex(fields);
      for (const [id, document] of documents()) {
        if (index.ownerOf(document) !== undefined) return { fields, id };
        index.add(id, document);
      }
      this.unique.set(name, index);
    }
    return undefined;
  }

  add(id: string, document: unknown): void {
    for (const index of this.equality.values()) index.add(id, document);
    for (const index of this.unique.values()) index.add(id, document);
    for (const index of this.ordered.values()) index.add(id, document);
  }

  remove(id: string, document: unknown): void {
    for (const index of this.equality.values()) index.remove(id, document);
    for (const index of this.unique.values()) index.remove(id, document);
    for (const index of this.ordered.values()) index.remove(id, document);
  }

  /** Ids in the order of `sort` from an ordered index that can serve it, or undefined to sort. */
  inOrder(filter: Filter, sort: [string, 1 | -1][]): OrderedWalk | undefined {
    for (const index of this.ordered.values()) {
      const walk = index.ordered(filter, sort);
      if (walk) return walk;
    }
    return undefined;
  }

  /** The count of a filter that is a single indexed equality, straight from the index. */
  countOf(filter: Filter): number | undefined {
    const fields = Object.keys(filter);
    if (fields.length !== 1) return undefined;
    const condition = filter[fields[0]!]!;
    const index = this.equality.get(fields[0]!);
    if (!index || isRange(condition)) return undefined;
    return index.lookup([condition]).size;
  }

  /** The unique index `document` would violate if stored under `id`. */
  violatedBy(id: string, document: unknown): UniqueIndex | undefined {
    for (const index of this.unique.values()) {
      const owner = index.ownerOf(document);
      if (owner !== undefined && owner !== id) return index;
    }
    return undefined;
  }

  /** The smallest candidate set an indexed equality or $in condition allows, or undefined to scan. */
  candidates(filter: Filter): Set<string> | undefined {
    let best: Set<string> | undefined;
    for (const [field, condition] of Object.entries(filter)) {
      const index = this.equality.get(field);
      if (!index) continue;
      let values: unknown[] | undefined;
      if (!isRange(condition)) values = [condition];
      else if (condition.$eq !== undefined) values = [condition.$eq];
      else if (condition.$in !== undefined) values = condition.$in;
      if (!values) continue;
      const ids = index.lookup(values);
      if (!best || ids.size < best.size) best = ids;
    }
    for (const index of this.ordered.values()) {
      if (!(index instanceof OrderedIndex)) continue;
      const ids = index.equalTo(filter);
      if (ids && (!best || ids.length < best.size)) best = new Set(ids);
    }
    return best;
  }

  clear(): void {
    for (const index of this.equality.values()) index.clear();
    for (const index of this.unique.values()) index.clear();
    for (const index of this.ordered.values()) index.clear();
  }
}
