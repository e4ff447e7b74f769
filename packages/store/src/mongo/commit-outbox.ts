import type { Commit } from '../event-store';
import type { InsertCommit } from './commit-streams';

/**
 * The outbox side of the event store: how an appended commit is recorded as unpublished, and how the
 * relay lists and marks the unpublished ones. Two layouts (see MongoEventStoreOptions.outbox):
 * `FlagOutbox` and `MarkerOutbox`.
 */
export interface CommitOutbox {
  /** Inserts an append's commit together with its outbox entry. */
  insert: InsertCommit;
  /**
   * The oldest `limit` unpublished commits, per stream in version order, leaving out the streams in
   * `skipped` (waiting behind a quarantined commit).
   */
  unpublished(limit: number, skipped: string[]): Promise<Commit[]>;
  /** Distinct, non-empty ids; unknown or already published ones are ignored. */
  markPublished(commitIds: string[]): Promise<void>;
}

export type OutboxMode = 'flag' | 'collection';
