import type { Document } from 'mongodb';
import type { Filter, FindQuery } from '../read-models';
import { assertFilter, isRange } from '../embedded/filter-match';

/**
 * The port's filter as a MongoDB filter. The subset means the same in MongoDB as in the in-memory
 * interpreter; the few values MongoDB would read differently are translated: an undefined operand is no
 * condition (the driver would drop it, turning `{ $eq: undefined }` into a match on `{}`), and an
 * undefined scalar matches a missing field, as the in-memory store reads it.
 */
export function toMongoFilter(filter: Filter): Document {
  assertFilter(filter);
  const mongo: Document = {};
  for (const [field, condition] of Object.entries(filter)) {
    if (condition === undefined) {
      mongo[field] = { $exists: false };
    } else if (isRange(condition)) {
      const operators = Object.fromEntries(
        Object.entries(condition).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(operators).length > 0) mongo[field] = operators;
    } else {
      mongo[field] = condition;
    }
  }
  return mongo;
}

/** The sort keys in order, then `_id` (the document id) in the direction of the last key. */
export function toMongoSort(sort: FindQuery['sort']): [string, 1 | -1][] {
  const keys = sort ?? [];
  const tieBreak = keys.at(-1)?.[1] ?? 1;
  return [...keys.map(([field, direction]): [string, 1 | -1] => [field, direction]), ['_id', tieBreak]];
}
