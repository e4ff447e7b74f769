/**
 * When each durable commit of the JSONL file happened, in file order: the latest `occurredAt` of its
 * events (epoch ms) with the commit line's offset and length, three numbers per commit in one growing
 * Float64Array (24 bytes a commit, where the events themselves would be a kilobyte or more each). Lets the
 * store answer "the events that occurred since T" by reading only the lines of commits that can hold one.
 */
export class CommitTimeline {
  private entries = new Float64Array(3 * 1024);
  private size = 0;

  add(occurredAtMs: number, offset: number, length: number): void {
    if (this.size + 3 > this.entries.length) {
      const grown = new Float64Array(this.entries.length * 2);
      grown.set(this.entries);
      this.entries = grown;
    }
    this.entries[this.size] = occurredAtMs;
    this.entries[this.size + 1] = offset;
    this.entries[this.size + 2] = length;
    this.size += 3;
  }

  /**
   * The line (offset, length) of every commit whose latest event occurred at or after `sinceMs`, in file
   * order. A commit whose times did not parse is always named: the caller compares the events themselves.
   */
  *linesSince(sinceMs: number): Generator<[offset: number, length: number]> {
    for (let i = 0; i < this.size; i += 3) {
      const latest = this.entries[i]!;
      if (latest >= sinceMs || Number.isNaN(latest)) yield [this.entries[i + 1]!, this.entries[i + 2]!];
    }
  }
}

/** The latest `occurredAt` of a commit's events, in epoch ms (NaN when one does not parse). */
export function latestOccurredAt(events: readonly { occurredAt: string }[]): number {
  let latest = -Infinity;
  for (const event of events) {
    const at = Date.parse(event.occurredAt);
    if (Number.isNaN(at)) return NaN;
    if (at > latest) latest = at;
  }
  return latest;
}
