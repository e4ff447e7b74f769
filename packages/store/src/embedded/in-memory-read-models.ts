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
import { CollectionIndexes } from './collection-indexes';
import { cloneDocument, compareValues, valueAt } from './document-values';
import { assertFilter, matches } from './filter-match';

const copy = cloneDocument;

/** One read-model collection held in memory; what goes in and what comes out are copies. */
export class InMemoryCollection<T extends ReadModelDocument> implements ReadModelCollection<T> {
  private readonly documents = new Map<string, T>();
  private readonly indexes = new CollectionIndexes();

  constructor(readonly name: string) {}

  async upsertIfNewer(doc: T): Promise<boolean> {
    if (typeof doc.id !== 'string' || typeof doc.version !== 'number') {
      throw new TypeError(`a ${this.name} document needs a string id and a numeric version`);
    }
    const stored = this.documents.get(doc.id);
    if (stored && stored.version >= doc.version) return false;
    const next = copy(doc);
    const violated = this.indexes.violatedBy(next.id, next);
    if (violated) throw new DuplicateKeyError(this.name, violated.fields, next.id);
    if (stored) this.indexes.remove(stored.id, stored);
    this.documents.set(next.id, next);
    this.indexes.add(next.id, next);
    return true;
  }

  async get(id: string): Promise<T | null> {
    const stored = this.documents.get(id);
    return stored ? copy(stored) : null;
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find({ filter, limit: 1 });
    return first ?? null;
  }

  async find(query: FindQuery): Promise<T[]> {
    const { skip, limit } = pageOf(query);
    const inOrder = query.sort ? this.indexes.inOrder(query.filter, query.sort) : undefined;
    if (inOrder) return this.page(inOrder, query.filter, skip, limit);
    return sortDocuments(this.matching(query.filter), query.sort ?? [])
      .slice(skip, skip + limit)
      .map(copy);
  }

  async count(filter: Filter): Promise<number> {
    assertFilter(filter);
    return this.indexes.countOf(filter) ?? this.matching(filter).length;
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    const conflict = this.indexes.declare(indexes, () => this.documents.entries());
    if (conflict) throw new DuplicateKeyError(this.name, conflict.fields, conflict.id);
  }

  async deleteAll(): Promise<void> {
    this.documents.clear();
    this.indexes.clear();
  }

  /** Walks ids already in order, stopping once the page is full. */
  private page(ids: Iterable<string>, filter: Filter, skip: number, limit: number): T[] {
    assertFilter(filter);
    const page: T[] = [];
    if (limit === 0) return page;
    let skipped = 0;
    for (const id of ids) {
      const document = this.documents.get(id)!;
      if (!matches(document, filter)) continue;
      if (skipped < skip) {
        skipped++;
        continue;
      }
      page.push(copy(document));
      if (page.length >= limit) break;
    }
    return page;
  }

  private matching(filter: Filter): T[] {
    assertFilter(filter);
    const candidateIds = this.indexes.candidates(filter);
    const candidates = candidateIds
      ? [...candidateIds].map((id) => this.documents.get(id)!)
      : [...this.documents.values()];
    return candidates.filter((document) => matches(document, filter));
  }
}

/** Sort keys in order, then `id` in the direction of the last key (ascending without a sort). */
function sortDocuments<T extends ReadModelDocument>(documents: T[], sort: [string, 1 | -1][]): T[] {
  const tieBreak = sort.at(-1)?.[1] ?? 1;
  const keyed = documents.map((document) => ({
    document,
    keys: sort.map(([field]) => valueAt(document, field)),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < sort.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * sort[i]![1];
    }
    return (a.document.id < b.document.id ? -1 : a.document.id > b.document.id ? 1 : 0) * tieBreak;
  });
  return keyed.map(({ document }) => document);
}

/** The embedded read-model store: collections in memory, rebuilt by replaying the event store at start. */
export class InMemoryReadModelStore implements ReadModelStore {
  private readonly collections = new Map<string, InMemoryCollection<ReadModelDocument>>();

  collection<T extends ReadModelDocument>(name: string): ReadModelCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new InMemoryCollection(name);
      this.collections.set(name, collection);
    }
    return collection as unknown as ReadModelCollection<T>;
  }

  async close(): Promise<void> {
    this.collections.clear();
  }
}
