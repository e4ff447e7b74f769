import type { Filter, FindQuery } from '../read-models';

/** What one query cost the embedded store: documents compared with its filter, documents it answered. */
export interface QueryCost {
  collection: string;
  query: FindQuery;
  /** Documents read and compared with the filter; lookups answered by an index alone read none. */
  examined: number;
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
        `with ${cost.returned}; no index serves it`,
    );
    this.name = 'UnindexedQueryError';
  }
}

/** The documents a query read in vain: what an index on its filter would have saved. */
export function wasted(cost: QueryCost): number {
  return Math.max(0, cost.examined - cost.returned);
}

export const countQuery = (filter: Filter): FindQuery => ({ filter });
