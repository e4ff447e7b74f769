import type { Collection } from 'mongodb';
import type { Commit } from '../event-store';
import { setNewest, toCommit, type CommitDocument } from './commit-document';
import type { CommitOutbox } from './commit-outbox';
import type { InsertBatcher, InsertResult } from './insert-batcher';
import {
  OutboxMarkers,
  type Clock,
  type MarkedCommit,
  type MarkerDocument,
  type MarkerGroup,
} from './outbox-markers';

/** Commits this process appended and has not seen published, so the relay need not read them back. */
const MAX_REMEMBERED_COMMITS = 1_000;

/**
 * The `collection` outbox: a marker per append in `<collection>_outbox` (see OutboxMarkers), written
 * before the commit and deleted once the commit is published. The relay reads only the markers, a
 * collection as small as the outbox, and takes the commits this process appended from memory.
 */
export class MarkerOutbox implements CommitOutbox {
  private readonly appended = new Map<string, CommitDocument>();
  /**
   * This process's appends between their marker and the end of their commit's insert. The relay, seeing
   * such a marker, waits for the insert instead of reading a commit that is not there yet (a read that
   * found nothing and left the commit to another pass): with concurrent commands that was a third of a
   * commit read per create.
   */
  private readonly inserting = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly commits: Collection<CommitDocument>,
    private readonly inserts: InsertBatcher<CommitDocument>,
    private readonly markers: OutboxMarkers,
    private readonly clock: Clock,
    /** A marker whose commit is still missing this long after it was written is dropped. */
    private readonly graceMs: number,
  ) {}

  static async open(
    commits: Collection<CommitDocument>,
    inserts: InsertBatcher<CommitDocument>,
    markers: Collection<MarkerDocument>,
    clock: Clock,
    graceMs: number,
  ): Promise<MarkerOutbox> {
    return new MarkerOutbox(commits, inserts, await OutboxMarkers.open(markers, clock), clock, graceMs);
  }

  /**
   * Marker first, then the commit. `duplicate` when another append took the version. Why no committed
   * event is lost although FerretDB has neither transactions nor isolated conditional writes:
   *
   * - A commit is inserted only after a marker naming it was written, and a marker is deleted only by
   *   `markPublished` (after the commit was published) or as stale by `dropStale`, which first saw the
   *   commit missing (R1), then deletes (R2) and reads the commit again (R3), writing a new marker if it
   *   has appeared.
   * - So a stale drop can only lose the marker of a commit inserted (W1) after R3. Each marker has its own
   *   `_id`, so the dropped marker is this append's own, which `dropStale` judged older than the grace
   *   period by its `writtenAt`: W1 came more than `graceMs` (less the clock skew) after this append
   *   started. An append that took less than half the grace period therefore cannot have been dropped;
   *   one that took longer reads its marker again after the insert (W2) and rewrites it if it is gone.
   *   R2 < R3 < W1 < W2, so W2 sees the drop.
   * - A marker whose commit never appears (the insert failed, or its writer died) is dropped after the
   *   grace period. Until then it is skipped; it blocks nothing, because a stream's next commit needs the
   *   missing one. A loser of a version race deletes its own marker: the winner wrote one too.
   */
  insert = async (document: CommitDocument): Promise<InsertResult> => {
    const marked = markedOf(document);
    const startedAt = this.clock.elapsedMs();
    let inserted!: (done: unknown) => void;
    const insertEnded = new Promise((resolve) => (inserted = resolve));
    this.inserting.set(document._id, insertEnded);
    try {
      const markerId = await this.markers.write(marked);
      if ((await this.inserts.insert(document)) === 'duplicate') {
        await this.markers.remove(markerId);
        return 'duplicate';
      }
      if (this.clock.elapsedMs() - startedAt >= this.graceMs / 2) await this.markers.ensure(markerId, marked);
      setNewest(this.appended, document._id, document, MAX_REMEMBERED_COMMITS);
      return 'inserted';
    } finally {
      inserted(undefined);
      if (this.inserting.get(document._id) === insertEnded) this.inserting.delete(document._id);
    }
  };

  async unpublished(limit: number, skipped: string[]): Promise<Commit[]> {
    const groups = await this.markers.oldest(limit, skipped);
    const documents = await Promise.all(groups.map((group) => this.commitOf(group.commitId)));
    const now = this.clock.wallMs();
    const commits: Commit[] = [];
    for (const [i, group] of groups.entries()) {
      const document = documents[i];
      if (document) commits.push(toCommit(structuredClone(document)));
      else if (now - group.writtenAt > this.graceMs) await this.dropStale(group);
    }
    return commits;
  }

  /** The commit from memory when this process appended it (waiting for an insert under way), else read. */
  private async commitOf(commitId: string): Promise<CommitDocument | null> {
    const inserting = this.inserting.get(commitId);
    if (inserting) await inserting;
    return this.appended.get(commitId) ?? this.commits.findOne({ _id: commitId });
  }

  async markPublished(commitIds: string[]): Promise<void> {
    await this.markers.removeCommits(commitIds);
    for (const id of commitIds) this.appended.delete(id);
  }

  private async dropStale(group: MarkerGroup): Promise<void> {
    await this.markers.removeMarkers(group.markerIds);
    const landed = await this.commits.findOne({ _id: group.commitId }, { projection: { events: 0 } });
    if (landed) await this.markers.write(markedOf(landed));
  }
}

function markedOf(
  document: Pick<CommitDocument, '_id' | 'streamId' | 'firstVersion' | 'sequence'>,
): MarkedCommit {
  return {
    commitId: document._id,
    streamId: document.streamId,
    firstVersion: document.firstVersion,
    sequence: document.sequence,
  };
}
