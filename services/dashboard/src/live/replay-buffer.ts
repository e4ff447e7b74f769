/**
 * The latest payment events this instance saw, numbered in the order it saw them, so a browser that
 * reconnects with `Last-Event-ID` gets exactly what it missed. An id is `<epoch>.<sequence>`: the epoch
 * names this instance's run, so an id from another instance or an earlier run is never mistaken for a
 * position here. Pure: no I/O, no clock.
 */
export interface Numbered<T> {
  id: string;
  sequence: number;
  item: T;
}

/** What a reconnecting stream is owed: the entries after its id, or a reset when they are gone. */
export type Resumption<T> = { kind: 'replay'; entries: Numbered<T>[] } | { kind: 'reset' };

export class ReplayBuffer<T> {
  private readonly entries: Numbered<T>[] = [];
  private next = 1;

  constructor(
    readonly epoch: string,
    private readonly capacity: number,
  ) {
    if (!/^[A-Za-z0-9-]+$/.test(epoch)) throw new RangeError(`epoch must be letters, digits and dashes`);
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be positive');
  }

  append(item: T): Numbered<T> {
    const sequence = this.next++;
    const entry = { id: `${this.epoch}.${sequence}`, sequence, item };
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.shift();
    return entry;
  }

  /** The id of the newest entry; a stream opened now starts after it. */
  get lastId(): string {
    return this.idAt(this.next - 1);
  }

  /** The id of the entry at `sequence` (0, before the first, at the least). */
  idAt(sequence: number): string {
    return `${this.epoch}.${Math.max(0, sequence)}`;
  }

  /** The sequence an id of this buffer's epoch names, or null. */
  sequenceOf(id: string): number | null {
    const match = /^([A-Za-z0-9-]+)\.(\d{1,15})$/.exec(id);
    return match && match[1] === this.epoch ? Number(match[2]) : null;
  }

  /**
   * The entries after `lastEventId` that `wanted` keeps. No id: nothing to replay (a first
   * connection starts live). An id this buffer cannot continue from: a reset, so the page reloads its
   * data instead of silently missing changes.
   */
  after(lastEventId: string | null, wanted: (item: T) => boolean): Resumption<T> {
    if (lastEventId === null || lastEventId === '') return { kind: 'replay', entries: [] };
    const sequence = this.sequenceOf(lastEventId);
    if (sequence === null || sequence >= this.next) return { kind: 'reset' };
    const oldest = this.entries[0]?.sequence ?? this.next;
    // Entries up to `sequence` were seen; the first one missed must still be here.
    if (sequence + 1 < oldest) return { kind: 'reset' };
    return {
      kind: 'replay',
      entries: this.entries.filter((entry) => entry.sequence > sequence && wanted(entry.item)),
    };
  }
}
