import type { Commit, StoredEvent } from '../event-store';
import type { IndexDeclaration } from './mongo-connection';

/**
 * One append. `firstVersion`/`lastVersion` are the stream versions of its first and last event; the
 * unique index on (streamId, firstVersion) lets exactly one of two appends at the same expected version
 * in. `_id` is `<streamId>@<firstVersion>`, so the commit after one ending at version v is found by its
 * `_id` alone. `sequence` orders commits (see CommitSequence); `published` makes the document its own
 * outbox entry in the `flag` outbox.
 */
export interface CommitDocument {
  _id: string;
  streamId: string;
  firstVersion: number;
  lastVersion: number;
  sequence: number;
  /** The `flag` outbox only. */
  published?: boolean;
  events: StoredEvent[];
}

/** `readAll` and outbox order; each is served by an index that ends in these keys. */
export const COMMIT_ORDER: [string, 1][] = [
  ['sequence', 1],
  ['_id', 1],
];

export const COMMIT_INDEXES: IndexDeclaration[] = [
  {
    key: [
      ['streamId', 1],
      ['firstVersion', 1],
    ],
    unique: true,
  },
  { key: COMMIT_ORDER },
];

export const commitIdOf = (streamId: string, firstVersion: number): string => `${streamId}@${firstVersion}`;

export function toCommit(document: CommitDocument): Commit {
  return {
    commitId: document._id,
    streamId: document.streamId,
    events: document.events,
    published: document.published ?? false,
  };
}

/** Sets `key` as the map's newest entry and drops the oldest ones beyond `max` (a Map keeps insertion order). */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}
