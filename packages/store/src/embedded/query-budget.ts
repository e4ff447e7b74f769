import type { Filter, FindQuery } from '../read-models';

/** What a plan read: documents compared with the filter, those that matched, and whether no index served. */
export interface Tally {
  examined: number;
  matched: number;
  /** No index narrowed the documents: every document of the collection was read. */
  scan: boolean;
}

export const newTally = (): Tally => ({ examined: 0, matched: 0, scan: false });

/** What one query cost the embedded store: documents compared with its filter, documents it answered. */
export interface QueryCost extends Tally {
  collection: string;
  query: FindQuery;
  /** Documents returned, or the count a `count` answered. */
  returned: number;
}

/**
 * A query that read more documents than it answered with, beyond the store's budget: no index pinned
 * what it asked for. Thrown only where a budget was set (tests that guard a hot path).
 */
export class UnindexedQueryError extends Error {
  constructor(readonly cost: QueryCost) {
    super(
      `${cost.collection}: ${JSON.stringify(cost.query)} examined ${cost.examined} documents to answer ` +
        `with ${cost.returned} (${cost.matched} matched${cost.scan ? ', no index' : ''}); no index serves it`,
    );
    this.name = 'UnindexedQueryError';
  }
}

/**
 * The documents a query read in vain, what an index on its filter would have saved: those an index
 * handed over but the filter rejected, and on a scan every document read beyond those returned. (The
 * few an index pins and a sort then orders, the payments of one order, are not waste.)
 */
export function wasted(cost: QueryCost): number {
  return cost.scan ? cost.examined - cost.returned : cost.examined - cost.matched;
}

export const countQuery = (filter: Filter): FindQuery => ({ filter });
