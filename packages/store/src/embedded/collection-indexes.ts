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

/** The ids an index pins for a filter, and how many there are. */
export interface Candidates {
  size: number;
  ids: Iterable<string>;
}

export interface UniqueConflict {
  fields: string[];
  id: string;
}

/** One unique index: its key (missing fields count as null, as in MongoDB) to the owning document id. */
export class UniqueIndex {
  private readonly owners = new ValueMap<string>();
  /** Documents holding an array in a field of the key: their key is the whole array, not each element. */
  private arrayValued = 0;

  constructor(readonly fields: string[]) {}

  /**
   * The ids whose single key field equals one of `values`, as a hash index on the field would find
   * them; undefined for a compound key or once an array was seen (an equality matches its elements).
   */
  lookup(values: unknown[]): Set<string> | undefined {
    if (this.fields.length !== 1 || this.arrayValued > 0) return undefined;
    const ids = new Set<string>();
    for (const value of values) {
      const owner = this.owners.get(value ?? null);
      if (owner !== undefined) ids.add(owner);
    }
    return ids;
  }

  /** A single field's value is its own key; a compound key is the JSON of its fields' equality keys. */
  keyOf(document: unknown): unknown {
    if (this.fields.length === 1) return valueAt(document, this.fields[0]!) ?? null;
    return JSON.stringify(this.fields.map((field) => equalityKey(valueAt(document, field))));
  }

  ownerOf(document: unknown): string | undefined {
    return this.owners.get(this.keyOf(document));
  }

  /** The id holding `key` (what keyOf gives). */
  owner(key: unknown): string | undefined {
    return this.owners.get(key);
  }

  add(id: string, document: unknown, key: unknown = this.keyOf(document)): void {
    if (this.holdsArray(document)) this.arrayValued++;
    this.owners.set(key, id);
  }

  remove(id: string, document: unknown): void {
    if (this.holdsArray(document)) this.arrayValued--;
    const key = this.keyOf(document);
    if (this.owners.get(key) === id) this.owners.delete(key);
  }

  clear(): void {
    this.owners.clear();
    this.arrayValued = 0;
  }

  /** Only a single-field key answers equalities, so only there does an array matter. */
  private holdsArray(document: unknown): boolean {
    return this.fields.length === 1 && Array.isArray(valueAt(document, this.fields[0]!));
  }
}

/**
 * The secondary indexes of one collection, one structure per declared index, each serving every query
 * MongoDB's would: a unique index keeps its full key (to enforce uniqueness; a single-field one also
 * answers equalities on its field); a compound index keeps its first two fields in order, for sorted
 * pages, and its buckets answer equalities on its leading field; a single-field index that is not
 * unique keeps a hash index on its field (multikey, as MongoDB's) and, from the first query sorted by
 * the field, the field in (value, id) order, for ranges. A structure that cannot answer (an array seen where it needs scalars) leaves the query
 * to another or to a scan.
 */
export class CollectionIndexes {
  private readonly equality = new Map<string, EqualityIndex>();
  readonly unique = new Map<string, UniqueIndex>();
  private readonly ordered = new Map<string, OrderedIndex | FieldOrderIndex>();
  /** The compound indexes by leading field, whose buckets answer an equality on it. */
  private readonly leading = new Map<string, OrderedIndex[]>();
  /** Single-field indexes whose order no query has asked for yet: kept in order from the first that does. */
  private readonly unordered = new Set<string>();
  private documents: () => Iterable<[string, unknown]> = () => [];

  /**
   * Builds the missing indexes over `documents`. A unique index the documents already violate is not
   * created; the conflict is returned instead.
   */
  declare(specs: IndexSpec[], documents: () => Iterable<[string, unknown]>): UniqueConflict | undefined {
    this.documents = documents;
    for (const spec of specs) {
      const fields = spec.fields.map(([field]) => field);
      const leading = fields[0];
      if (leading === undefined) throw new Error('an index needs at least one field');
      const second = fields[1];
      if (second === undefined && !spec.unique && !this.equality.has(leading)) {
        const index = new EqualityIndex(leading);
        for (const [id, document] of documents()) index.add(id, document);
        this.equality.set(leading, index);
      }
      const pair = JSON.stringify([leading, second]);
      if (second === undefined) {
        if (!spec.unique && !this.ordered.has(pair)) this.unordered.add(leading);
      } else if (!this.ordered.has(pair)) {
        const index = new OrderedIndex(leading, second);
        for (const [id, document] of documents()) index.add(id, document);
        this.ordered.set(pair, index);
        this.leading.set(leading, [...(this.leading.get(leading) ?? []), index]);
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

  /**
   * Stores `document` under `id` in every index, in place of `stored` (the document it replaces), unless
   * that would give two documents one unique key: then nothing changes and the index is returned.
   */
  put(id: string, document: unknown, stored: unknown): UniqueIndex | undefined {
    const keys: unknown[] = [];
    for (const index of this.unique.values()) {
      const key = index.keyOf(document);
      const owner = index.owner(key);
      if (owner !== undefined && owner !== id) return index;
      keys.push(key);
    }
    if (stored !== undefined) this.remove(id, stored);
    for (const index of this.equality.values()) index.add(id, document);
    let i = 0;
    for (const index of this.unique.values()) index.add(id, document, keys[i++]);
    for (const index of this.ordered.values()) index.add(id, document);
    return undefined;
  }

  remove(id: string, document: unknown): void {
    for (const index of this.equality.values()) index.remove(id, document);
    for (const index of this.unique.values()) index.remove(id, document);
    for (const index of this.ordered.values()) index.remove(id, document);
  }

  /**
   * Ids in the order of `sort` from an ordered index that can serve it, or undefined to sort. A sort by
   * a field with a single-field index first puts the field's documents in order: most such indexes are
   * only ever asked equalities (a payment's address, a deposit's txHash), and every create paid for an
   * order nothing read (an insert at a random place, for an address).
   */
  inOrder(filter: Filter, sort: [string, 1 | -1][]): OrderedWalk | undefined {
    const field = sort.length === 1 ? sort[0]![0] : undefined;
    if (field !== undefined && this.unordered.delete(field)) {
      const index = new FieldOrderIndex(field);
      for (const [id, document] of this.documents()) index.add(id, document);
      this.ordered.set(JSON.stringify([field, undefined]), index);
    }
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
    if (isRange(condition)) return undefined;
    return this.equalTo(fields[0]!, [condition])?.size;
  }

  /** The smallest candidate set an indexed equality or $in condition allows, or undefined to scan. */
  candidates(filter: Filter): Candidates | undefined {
    let best: Candidates | undefined;
    for (const [field, condition] of Object.entries(filter)) {
      let values: unknown[] | undefined;
      if (!isRange(condition)) values = [condition];
      else if (condition.$eq !== undefined) values = [condition.$eq];
      else if (condition.$in !== undefined) values = condition.$in;
      if (!values) continue;
      const ids = this.equalTo(field, values);
      if (ids && (!best || ids.size < best.size)) best = ids;
    }
    for (const index of this.ordered.values()) {
      if (!(index instanceof OrderedIndex)) continue;
      const ids = index.equalTo(filter);
      if (ids && (!best || ids.length < best.size)) best = { size: ids.length, ids };
    }
    return best;
  }

  clear(): void {
    for (const index of this.equality.values()) index.clear();
    for (const index of this.unique.values()) index.clear();
    for (const index of this.ordered.values()) index.clear();
  }

  /**
   * The documents whose `field` equals one of `values`, from whichever index answers it: the field's
   * hash index, its single-field unique index, or the buckets of a compound index it leads.
   */
  private equalTo(field: string, values: unknown[]): Candidates | undefined {
    const hashed = this.equality.get(field)?.lookup(values);
    if (hashed) return { size: hashed.size, ids: hashed };
    const unique = this.unique.get(JSON.stringify([field]))?.lookup(values);
    if (unique) return { size: unique.size, ids: unique };
    for (const index of this.leading.get(field) ?? []) {
      const buckets = values.map((value) => index.leadingEqualTo(value));
      if (buckets.some((bucket) => bucket === undefined)) continue;
      if (buckets.length === 1) return { size: buckets[0]!.size, ids: buckets[0]!.ascending() };
      const ids = new Set<string>();
      for (const bucket of buckets) for (const id of bucket!.ascending()) ids.add(id);
      return { size: ids.size, ids };
    }
    return undefined;
  }
}
