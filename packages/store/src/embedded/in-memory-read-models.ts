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
import { isFrozenDocument } from '../frozen-document';
import { CollectionIndexes, type Candidates } from './collection-indexes';
import { cloneDocument, compareValues, valueAt } from './document-values';
import { assertFilter, matches } from './filter-match';
import {
  countQuery,
  newTally,
  UnindexedQueryError,
  wasted,
  type QueryCost,
  type Tally,
} from './query-budget';

const copy = cloneDocument;

/**
 * Watches what queries cost. With a `budget`, a query that reads more documents than it answers with by
 * more than the budget throws {@link UnindexedQueryError} instead of answering: tests set one around a
 * hot path (a create, a lookup by key) so a query no index serves cannot slip onto it.
 */
export interface QueryGuard {
  budget?: number;
  observe?: (cost: QueryCost) => void;
}

/**
 * One read-model collection held in memory; what goes in and what comes out are copies, but for a
 * document frozen all the way down, which is kept as it is.
 */
export class InMemoryCollection<T extends ReadModelDocument> implements ReadModelCollection<T> {
  private readonly documents = new Map<string, T>();
  private readonly indexes = new CollectionIndexes();

  constructor(
    readonly name: string,
    private readonly guard: () => QueryGuard | undefined = () => undefined,
  ) {}

  async upsertIfNewer(doc: T): Promise<boolean> {
    if (typeof doc.id !== 'string' || typeof doc.version !== 'number') {
      throw new TypeError(`a ${this.name} document needs a string id and a numeric version`);
    }
    const stored = this.documents.get(doc.id);
    if (stored && stored.version >= doc.version) return false;
    const next = isFrozenDocument(doc) ? doc : copy(doc);
    const violated = this.indexes.put(next.id, next, stored);
    if (violated) throw new DuplicateKeyError(this.name, violated.fields, next.id);
    this.documents.set(next.id, next);
    return true;
  }

  versionKnown(id: string): number {
    return this.documents.get(id)?.version ?? 0;
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
    assertFilter(query.filter);
    const tally = newTally();
    const found = this.plan(query, skip, limit, tally);
    this.account({ collection: this.name, query, ...tally, returned: found.length });
    return found.map(copy);
  }

  async count(filter: Filter): Promise<number> {
    assertFilter(filter);
    const indexed = this.indexes.countOf(filter);
    if (indexed !== undefined) return indexed;
    const tally = newTally();
    const total = this.matching(filter, tally).length;
    this.account({
      collection: this.name,
      query: countQuery(filter),
      ...tally,
      returned: total,
    });
    return total;
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    const conflict = this.indexes.declare(indexes, () => this.documents.entries());
    if (conflict) throw new DuplicateKeyError(this.name, conflict.fields, conflict.id);
  }

  async deleteAll(): Promise<void> {
    this.documents.clear();
    this.indexes.clear();
  }

  /**
   * Walks an ordered index when one gives the sort, unless an equality index pins a candidate set
   * that is cheaper to sort than the walk may be long: "the newest payment of this order" sorts its
   * one or two candidates instead of walking every payment of the merchant until one matches.
   */
  private plan(query: FindQuery, skip: number, limit: number, tally: Tally): T[] {
    const walk = query.sort ? this.indexes.inOrder(query.filter, query.sort) : undefined;
    if (walk) {
      const candidates = this.indexes.candidates(query.filter);
      if (!candidates || candidates.size * Math.log2(candidates.size + 2) >= walk.size) {
        return this.page(walk.ids, query.filter, skip, limit, tally);
      }
      return sortDocuments(this.filtered(candidates, query.filter, tally), query.sort!).slice(
        skip,
        skip + limit,
      );
    }
    return sortDocuments(this.matching(query.filter, tally), query.sort ?? []).slice(skip, skip + limit);
  }

  /** Walks ids already in order, stopping once the page is full. */
  private page(ids: Iterable<string>, filter: Filter, skip: number, limit: number, tally: Tally): T[] {
    const page: T[] = [];
    if (limit === 0) return page;
    let skipped = 0;
    for (const id of ids) {
      const document = this.documents.get(id)!;
      tally.examined++;
      if (!matches(document, filter)) continue;
      tally.matched++;
      if (skipped < skip) {
        skipped++;
        continue;
      }
      page.push(document);
      if (page.length >= limit) break;
    }
    return page;
  }

  private matching(filter: Filter, tally: Tally): T[] {
    const candidateIds = this.indexes.candidates(filter);
    if (candidateIds) return this.filtered(candidateIds, filter, tally);
    const found = [...this.documents.values()].filter((document) => matches(document, filter));
    tally.scan = true;
    tally.examined += this.documents.size;
    tally.matched += found.length;
    return found;
  }

  private filtered(candidates: Candidates, filter: Filter, tally: Tally): T[] {
    tally.examined += candidates.size;
    const found: T[] = [];
    for (const id of candidates.ids) {
      const document = this.documents.get(id)!;
      if (matches(document, filter)) found.push(document);
    }
    tally.matched += found.length;
    return found;
  }

  private account(cost: QueryCost): void {
    const guard = this.guard();
    if (!guard) return;
    guard.observe?.(cost);
    if (guard.budget !== undefined && wasted(cost) > guard.budget) throw new UnindexedQueryError(cost);
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
  private guard: QueryGuard | undefined;

  /** Watches (and with a budget, refuses) the queries of every collection from now on; undefined stops. */
  guardQueries(guard: QueryGuard | undefined): void {
    this.guard = guard;
  }

  collection<T extends ReadModelDocument>(name: string): ReadModelCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new InMemoryCollection(name, () => this.guard);
      this.collections.set(name, collection);
    }
    return collection as unknown as ReadModelCollection<T>;
  }

  async close(): Promise<void> {
    this.collections.clear();
  }
}
