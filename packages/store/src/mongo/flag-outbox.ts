import type { Collection } from 'mongodb';
import type { Commit } from '../event-store';
import { COMMIT_ORDER, toCommit, type CommitDocument } from './commit-document';
import type { CommitOutbox } from './commit-outbox';
import type { InsertBatcher, InsertResult } from './insert-batcher';
import { createIndexes } from './mongo-connection';

const PUBLISHED_INDEX = { key: [['published', 1], ...COMMIT_ORDER] as [string, 1][] };

/**
 * The `flag` outbox: the commit document is its own outbox entry, `published: false` until the relay
 * marks it, listed through the (published, sequence, _id) index. One insert per append records the
 * commit and its outbox entry at once.
 */
export class FlagOutbox implements CommitOutbox {
  private constructor(
    private readonly commits: Collection<CommitDocument>,
    private readonly inserts: InsertBatcher<CommitDocument>,
  ) {}

  static async open(
    commits: Collection<CommitDocument>,
    inserts: InsertBatcher<CommitDocument>,
  ): Promise<FlagOutbox> {
    await createIndexes(commits, [PUBLISHED_INDEX]);
    return new FlagOutbox(commits, inserts);
  }

  insert = (document: CommitDocument): Promise<InsertResult> => {
    const { events, ...commit } = document;
    return this.inserts.insert({ ...commit, published: false, events });
  };

  async unpublished(limit: number, skipped: string[]): Promise<Commit[]> {
    const filter =
      skipped.length > 0 ? { published: false, streamId: { $nin: skipped } } : { published: false };
    const commits = await this.commits.find(filter).sort(COMMIT_ORDER).limit(limit).toArray();
    return commits.map(toCommit);
  }

  async markPublished(commitIds: string[]): Promise<void> {
    await this.commits.updateMany(
      { _id: { $in: commitIds }, published: false },
      { $set: { published: true } },
    );
  }
}
