import { Long, MongoServerError, type Collection, type Db, type Document } from 'mongodb';
import {
  DuplicateKeyError,
  type Filter,
  type FindQuery,
  type IndexSpec,
  type ReadModelCollection,
  type ReadModelDocument,
  type ReadModelStore,
  pageOf,
} from '../read-models';
import { UniqueIndex } from '../embedded/collection-indexes';
import { valueAt } from '../embedded/document-values';
import { InsertBatcher } from './insert-batcher';
import { KeyedQueue } from './keyed-queue';
import {
  connectMongo,
  createIndexes,
  isDuplicateKeyError,
  isUniqueIndexBuildError,
  type MongoConnection,
  type MongoEngine,
  type MongoStoreOptions,
} from './mongo-connection';
import { toMongoFilter, toMongoSort } from './mongo-filter';
import { queryPlanOf, type QueryPlan } from './query-plan';

/** A read model as stored: `_id` is the document id, which also stays in `id` for filters. */
type StoredDocument = Document & { _id: string };

const NAMESPACE_NOT_FOUND = 26;
const MAX_WRITE_TRIES = 5;

function strip<T extends ReadModelDocument>(stored: StoredDocument): T {
  const { _id: _ignored, ...document } = stored;
  return document as T;
}

function keyOf(fields: [string, 1 | -1][]): string {
  return JSON.stringify(fields);
}

/**
 * One read-model collection in MongoDB. Writes to one document are queued in this process; the version
 * condition in the write makes them idempotent across processes on MongoDB (FerretDB 1.24 applies
 * conditional writes without isolation, see the README).
 */
class MongoReadModelCollection<T extends ReadModelDocument> implements ReadModelCollection<T> {
  private readonly writes = new KeyedQueue();
  private uniqueFields: Promise<string[][]> | undefined;
  private readonly collection: Collection<StoredDocument>;
  private readonly inserts: InsertBatcher<StoredDocument>;

  constructor(
    readonly name: string,
    private readonly db: Db,
    private readonly engine: MongoEngine,
  ) {
    this.collection = db.collection<StoredDocument>(name);
    this.inserts = new InsertBatcher(this.collection);
  }

  async upsertIfNewer(doc: T): Promise<boolean> {
    if (typeof doc.id !== 'string' || typeof doc.version !== 'number') {
      throw new TypeError(`a ${this.name} document needs a string id and a numeric version`);
    }
    return this.writes.run(doc.id, () => this.write(doc));
  }

  async get(id: string): Promise<T | null> {
    const found = await this.collection.findOne({ _id: id });
    return found ? strip<T>(found) : null;
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find({ filter, limit: 1 });
    return first ?? null;
  }

  async find(query: FindQuery): Promise<T[]> {
    const { skip, limit } = pageOf(query);
    const filter = toMongoFilter(query.filter);
    if (limit === 0) return [];
    let cursor = this.collection.find(filter).sort(toMongoSort(query.sort));
    if (skip > 0) cursor = cursor.skip(skip);
    if (limit !== Infinity) cursor = cursor.limit(limit);
    return (await cursor.toArray()).map((found) => strip<T>(found));
  }

  /** `skip` goes as a long: FerretDB 1.24's explain refuses an int there (its find accepts one). */
  async explain(query: FindQuery): Promise<QueryPlan> {
    const find: Document = {
      find: this.name,
      filter: toMongoFilter(query.filter),
      sort: Object.fromEntries(toMongoSort(query.sort)),
    };
    if (query.skip) find.skip = Long.fromNumber(query.skip);
    if (query.limit !== undefined) find.limit = query.limit;
    const explained = await this.db.command({ explain: find, verbosity: 'queryPlanner' });
    return queryPlanOf(this.engine, explained);
  }

  async count(filter: Filter): Promise<number> {
    return this.collection.countDocuments(toMongoFilter(filter));
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    const existing = new Set((await this.listIndexes()).map((index) => keyOf(index.fields)));
    try {
      for (const index of indexes) {
        if (index.fields.length === 0) throw new Error('an index needs at least one field');
        if (existing.has(keyOf(index.fields))) continue;
        // Checked before building: FerretDB would build a unique index over documents that differ only in
        // null versus missing, which MongoDB counts as the same key.
        if (index.unique) await this.refuseDuplicates(index.fields.map(([field]) => field));
        try {
          await createIndexes(this.collection, [{ key: index.fields, unique: index.unique }]);
        } catch (error) {
          if (!index.unique || !isUniqueIndexBuildError(error)) throw error;
          await this.refuseDuplicates(index.fields.map(([field]) => field));
          throw error;
        }
      }
    } finally {
      this.uniqueFields = undefined;
    }
  }

  async deleteAll(): Promise<void> {
    await this.collection.deleteMany({});
  }

  private async write(doc: T): Promise<boolean> {
    const stored: StoredDocument = { ...doc, _id: doc.id };
    if (this.engine === 'ferretdb') {
      await this.refuseNullKeyDuplicate(stored);
      return this.writeById(stored, doc.version);
    }
    for (let attempt = 0; attempt < MAX_WRITE_TRIES; attempt++) {
      try {
        await this.collection.replaceOne({ _id: doc.id, version: { $lt: doc.version } }, stored, {
          upsert: true,
        });
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const current = await this.afterCollision(stored, doc.version);
      if (current != null && current >= doc.version) return false;
    }
    throw new Error(`${this.name} document ${doc.id} kept colliding after ${MAX_WRITE_TRIES} writes`);
  }

  /**
   * `upsertIfNewer` on FerretDB 1.24, which pushes a filter down to SQLite only when it names `_id` alone:
   * `replaceOne({ _id, version: { $lt } })` read the whole collection (13–16 ms of FerretDB CPU per write
   * with 200 documents, growing with the collection). Here every filter is `_id` alone and the version is
   * compared in between, which is no weaker: FerretDB does not isolate a conditional write either (see
   * the README), and the per-document queue orders this process's writes. A document's first version is
   * usually its first write, so that one is tried as an insert without reading first.
   */
  private async writeById(stored: StoredDocument, version: number): Promise<boolean> {
    // undefined: not read yet; null: absent.
    let current: number | null | undefined = version === 1 ? undefined : await this.storedVersion(stored._id);
    for (let attempt = 0; attempt < MAX_WRITE_TRIES; attempt++) {
      if (current != null && current >= version) return false;
      if (current == null) {
        if ((await this.inserts.insert(stored)) === 'inserted') return true;
      } else {
        try {
          const replaced = await this.collection.replaceOne({ _id: stored._id }, stored);
          if (replaced.matchedCount === 1) return true;
          current = null;
          continue;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      current = await this.afterCollision(stored, version);
      if (current != null && current >= version) return false;
    }
    throw new Error(`${this.name} document ${stored._id} kept colliding after ${MAX_WRITE_TRIES} writes`);
  }

  /**
   * A write of `stored` collided: either with its own id (stored at the same or a newer version: nothing
   * to do) or with another document's unique key, which throws DuplicateKeyError. Returns the stored
   * version (null: absent).
   */
  private async afterCollision(stored: StoredDocument, version: number): Promise<number | null> {
    const current = await this.storedVersion(stored._id);
    if (current != null && current >= version) return current;
    const fields = await this.uniqueKeyTakenBy(stored);
    if (fields) throw new DuplicateKeyError(this.name, fields, stored._id);
    // Unexplained: another process may have added a unique index since this one listed them.
    this.uniqueFields = undefined;
    return current;
  }

  private async storedVersion(id: string): Promise<number | null> {
    const found = await this.collection.findOne({ _id: id }, { projection: { version: 1 } });
    return found ? (found.version as number) : null;
  }

  /** The fields of a unique index whose key another document already holds, if any. */
  private async uniqueKeyTakenBy(stored: StoredDocument): Promise<string[] | undefined> {
    for (const fields of await this.uniqueIndexFields()) {
      if (await this.keyHeldByAnother(stored, fields)) return fields;
    }
    return undefined;
  }

  /**
   * FerretDB 1.24 leaves a missing field out of a unique index (SQLite NULL) where MongoDB indexes it as
   * null, so a key with a null or missing part is checked here. Not atomic: two such writes racing in
   * separate processes can both pass; the projections keep unique fields non-null in practice.
   */
  private async refuseNullKeyDuplicate(stored: StoredDocument): Promise<void> {
    for (const fields of await this.uniqueIndexFields()) {
      if (!fields.some((field) => valueAt(stored, field) == null)) continue;
      if (await this.keyHeldByAnother(stored, fields))
        throw new DuplicateKeyError(this.name, fields, stored._id);
    }
  }

  /** `{ field: null }` matches null and missing alike, as a unique index compares them in MongoDB. */
  private async keyHeldByAnother(stored: StoredDocument, fields: string[]): Promise<boolean> {
    const key = Object.fromEntries(fields.map((field) => [field, valueAt(stored, field) ?? null]));
    const other = await this.collection.findOne(
      { ...key, _id: { $ne: stored._id } },
      { projection: { _id: 1 } },
    );
    return other !== null;
  }

  /** Throws DuplicateKeyError naming a document whose key another document already has. */
  private async refuseDuplicates(fields: string[]): Promise<void> {
    const index = new UniqueIndex(fields);
    const roots = Object.fromEntries(fields.map((field) => [field.split('.')[0]!, 1]));
    for await (const document of this.collection.find({}, { projection: roots, sort: { _id: 1 } })) {
      if (index.ownerOf(document) !== undefined) throw new DuplicateKeyError(this.name, fields, document._id);
      index.add(document._id, document);
    }
  }

  private uniqueIndexFields(): Promise<string[][]> {
    this.uniqueFields ??= this.listIndexes().then(
      (indexes) =>
        indexes.filter((index) => index.unique).map((index) => index.fields.map(([field]) => field)),
      (error: unknown) => {
        this.uniqueFields = undefined;
        throw error;
      },
    );
    return this.uniqueFields;
  }

  async listIndexes(): Promise<IndexSpec[]> {
    try {
      const indexes = await this.collection.listIndexes().toArray();
      return indexes
        .filter((index) => index.name !== '_id_')
        .map((index) => ({
          fields: Object.entries(index.key as Record<string, 1 | -1>),
          unique: index.unique === true,
        }));
    } catch (error) {
      if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return [];
      throw error;
    }
  }
}

/** The read models in MongoDB (or FerretDB 1.24): one collection per read model, documents keyed by id. */
export class MongoReadModelStore implements ReadModelStore {
  private readonly collections = new Map<string, MongoReadModelCollection<ReadModelDocument>>();

  private constructor(private readonly connection: MongoConnection) {}

  static async open(options: MongoStoreOptions): Promise<MongoReadModelStore> {
    return new MongoReadModelStore(await connectMongo(options));
  }

  collection<T extends ReadModelDocument>(name: string): ReadModelCollection<T> {
    return this.mongoCollection(name) as unknown as ReadModelCollection<T>;
  }

  private mongoCollection(name: string): MongoReadModelCollection<ReadModelDocument> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MongoReadModelCollection(name, this.connection.db, this.connection.engine);
      this.collections.set(name, collection);
    }
    return collection;
  }

  /** The plan the server picks for `query` (see QueryPlan); the read-model port has no such call. */
  explain(name: string, query: FindQuery): Promise<QueryPlan> {
    return this.mongoCollection(name).explain(query);
  }

  /** The secondary indexes a collection has, as the port declares them. */
  indexesOf(name: string): Promise<IndexSpec[]> {
    return this.mongoCollection(name).listIndexes();
  }

  async close(): Promise<void> {
    this.collections.clear();
    await this.connection.client.close();
  }
}
