import { randomUUID } from 'node:crypto';
import type { Collection } from 'mongodb';
import { InsertBatcher } from './insert-batcher';
import { createIndexes } from './mongo-connection';

/**
 * One "this commit may be unpublished" marker, in a collection of its own next to the commits (the
 * `collection` outbox, see MarkerOutbox). Every append writes its own marker (a fresh `_id`) before
 * inserting the commit, so a commit never exists without one until it is published; publishing deletes
 * every marker of the commit.
 */
export interface MarkerDocument {
  _id: string;
  commitId: string;
  streamId: string;
  firstVersion: number;
  /** The sequence the appender computed for the commit: orders the outbox, oldest first. */
  sequence: number;
  /** The writer's wall clock (ms) when it wrote the marker. */
  writtenAt: number;
}

export type MarkedCommit = Pick<MarkerDocument, 'commitId' | 'streamId' | 'firstVersion' | 'sequence'>;

/** The markers of one commit id, oldest first in the outbox. */
export interface MarkerGroup extends MarkedCommit {
  markerIds: string[];
  /** The newest `writtenAt` of the group. */
  writtenAt: number;
}

export interface Clock {
  /** Wall clock, ms: `writtenAt` and the grace period compare these across processes. */
  wallMs(): number;
  /** Monotonic, ms: how long this process's own append took. */
  elapsedMs(): number;
}

export const systemClock: Clock = { wallMs: () => Date.now(), elapsedMs: () => performance.now() };

const MARKER_ORDER: [string, 1][] = [
  ['sequence', 1],
  ['_id', 1],
];

export class OutboxMarkers {
  private readonly inserts: InsertBatcher<MarkerDocument>;

  private constructor(
    private readonly markers: Collection<MarkerDocument>,
    private readonly clock: Clock,
  ) {
    this.inserts = new InsertBatcher(markers);
  }

  static async open(markers: Collection<MarkerDocument>, clock: Clock): Promise<OutboxMarkers> {
    await createIndexes(markers, [{ key: MARKER_ORDER }, { key: [['commitId', 1]] }]);
    return new OutboxMarkers(markers, clock);
  }

  async write(commit: MarkedCommit): Promise<string> {
    const _id = randomUUID();
    // A random `_id` cannot collide.
    await this.inserts.insert({ _id, ...pick(commit), writtenAt: this.clock.wallMs() });
    return _id;
  }

  /** Deletes one marker by `_id`. */
  async remove(markerId: string): Promise<void> {
    await this.markers.deleteOne({ _id: markerId });
  }

  /** Writes the marker again if it is gone (see MarkerOutbox.insert). */
  async ensure(markerId: string, commit: MarkedCommit): Promise<void> {
    if (await this.markers.findOne({ _id: markerId }, { projection: { _id: 1 } })) return;
    await this.write(commit);
  }

  /**
   * The oldest `limit` markers, grouped by commit id, in outbox order: by the group's smallest sequence,
   * and within a stream by version (each stream's groups are put into the places its groups hold, in
   * `firstVersion` order), so a stream's commits never come out of order even if a writer's clock put a
   * marker's sequence too high. The markers of the streams in `skipped` (waiting behind a quarantined
   * commit) are left out.
   */
  async oldest(limit: number, skipped: string[] = []): Promise<MarkerGroup[]> {
    const filter = skipped.length > 0 ? { streamId: { $nin: skipped } } : {};
    const found = await this.markers.find(filter).sort(MARKER_ORDER).limit(limit).toArray();
    const groups = new Map<string, MarkerGroup>();
    for (const marker of found) {
      const group = groups.get(marker.commitId);
      if (group) {
        group.markerIds.push(marker._id);
        group.writtenAt = Math.max(group.writtenAt, marker.writtenAt);
      } else {
        groups.set(marker.commitId, {
          ...pick(marker),
          markerIds: [marker._id],
          writtenAt: marker.writtenAt,
        });
      }
    }
    return inStreamOrder([...groups.values()]);
  }

  /** Deletes every marker of these commits. */
  async removeCommits(commitIds: string[]): Promise<void> {
    if (commitIds.length === 0) return;
    await this.markers.deleteMany({ commitId: { $in: commitIds } });
  }

  async removeMarkers(markerIds: string[]): Promise<void> {
    if (markerIds.length === 0) return;
    await this.markers.bulkWrite(
      markerIds.map((_id) => ({ deleteOne: { filter: { _id } } })),
      { ordered: false },
    );
  }
}

function pick({ commitId, streamId, firstVersion, sequence }: MarkedCommit): MarkedCommit {
  return { commitId, streamId, firstVersion, sequence };
}

function inStreamOrder(groups: MarkerGroup[]): MarkerGroup[] {
  const byStream = new Map<string, MarkerGroup[]>();
  for (const group of groups) {
    const stream = byStream.get(group.streamId) ?? [];
    stream.push(group);
    byStream.set(group.streamId, stream);
  }
  for (const stream of byStream.values()) stream.sort((a, b) => a.firstVersion - b.firstVersion);
  return groups.map((group) => byStream.get(group.streamId)!.shift()!);
}
