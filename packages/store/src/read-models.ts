/**
 * The read-model port: document collections written by the projector and read by gateways.
 * Adapters: MongoDB and the embedded in-memory store. The filter language is a small subset of
 * MongoDB's, so the Mongo adapter passes it through and the in-memory adapter interprets it.
 */
export type Scalar = string | number | boolean | null;

export interface Range {
  $eq?: Scalar;
  $ne?: Scalar;
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  $in?: Scalar[];
}

/** Field names may be dotted paths into nested objects. */
export type Filter = Record<string, Scalar | Range>;

export type SortDirection = 1 | -1;

export interface FindQuery {
  filter: Filter;
  /**
   * Applied in order; ties are broken by `id` in the direction of the last key. Without a sort, results
   * come by ascending `id`. Mixed types order as in MongoDB: null/missing, numbers, strings, objects,
   * arrays, booleans.
   */
  sort?: [field: string, direction: SortDirection][];
  skip?: number;
  /** Absent: no limit. `0` returns no documents (unlike MongoDB's cursor limit, where 0 means none). */
  limit?: number;
}

/** The page a query asks for, checked the same way by every adapter. */
export function pageOf(query: FindQuery): { skip: number; limit: number } {
  const skip = query.skip ?? 0;
  const limit = query.limit ?? Infinity;
  if (!Number.isInteger(skip) || skip < 0)
    throw new RangeError(`skip must be a non-negative integer, got ${skip}`);
  if (limit !== Infinity && (!Number.isInteger(limit) || limit < 0)) {
    throw new RangeError(`limit must be a non-negative integer, got ${limit}`);
  }
  return { skip, limit };
}

export interface ReadModelDocument {
  id: string;
  /** Version of the source stream this document reflects; writes with an older version are ignored. */
  version: number;
}

export interface IndexSpec {
  fields: [field: string, direction: SortDirection][];
  unique?: boolean;
}

/** A write that would give two documents the same key in a unique index. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly fields: string[],
    readonly id: string,
  ) {
    super(
      `document ${id} in ${collection} duplicates the unique key (${fields.join(', ')}) of another document`,
    );
    this.name = 'DuplicateKeyError';
  }
}

export interface ReadModelCollection<T extends ReadModelDocument> {
  /**
   * Writes the document unless the stored one has the same or a newer version. Returns whether it wrote.
   * The store keeps a copy, except of a document frozen all the way down (`frozenDocument`), which nothing
   * can change: that one the embedded store keeps as it is. Reads hand out copies either way.
   */
  upsertIfNewer(doc: T): Promise<boolean>;
  get(id: string): Promise<T | null>;
  /**
   * The stored document's version when the adapter knows it without a query (0: none is stored), else
   * undefined: the in-memory store knows; MongoDB would have to ask, and does not implement it.
   */
  versionKnown?(id: string): number | undefined;
  findOne(filter: Filter): Promise<T | null>;
  find(query: FindQuery): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /** Idempotent. Throws DuplicateKeyError when existing documents violate a new unique index. */
  ensureIndexes(indexes: IndexSpec[]): Promise<void>;
  deleteAll(): Promise<void>;
}

export interface ReadModelStore {
  collection<T extends ReadModelDocument>(name: string): ReadModelCollection<T>;
  close(): Promise<void>;
}
