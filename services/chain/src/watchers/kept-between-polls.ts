import { minutesBetween } from '@gw/views';

/** How often a watcher reads everything it watches again. */
export const FULL_LOAD_INTERVAL_MS = 10 * 60_000;
/**
 * How far back a poll between full loads looks for new documents, by their minute of creation: as far
 * as the last full load can be, so a document created after it is found even when its poll failed, and
 * one the projector writes up to this long after its creation is still watched from the next poll on.
 * A later one waits for the next full load.
 */
export const NEW_DOCUMENT_LOOKBACK_MS = FULL_LOAD_INTERVAL_MS;

/** Where the kept items come from, and who each receives as. */
export interface KeptSource<K, T, R> {
  all(now: Date): Promise<T[]>;
  /** Those created in one UTC minute (`createdMinute`, as `minuteOf` gives it). */
  createdIn(minute: string): Promise<T[]>;
  keyOf(item: T): K;
  /** Each recipient (the chain source's name for an address and coin) the item receives as, with what it maps to. */
  receiversOf(item: T): [recipient: string, receiver: R][];
}

export interface KeptRead<K, T, R> {
  all: ReadonlyMap<K, T>;
  byRecipient: ReadonlyMap<string, R>;
  /** The recipients this read added: every one at a full load. */
  addedRecipients: string[];
  full: boolean;
}

/**
 * Items a watcher keeps between its polls, whose watched part never changes once created (a payment's
 * address and network, a static address's terms), with their recipients worked out once each (decoding
 * an address is not free). A full load reads them all: first, then every ten minutes, and after the
 * clock went back. Each poll in between adds those created in the last ten minutes, each minute by one
 * equality on `createdMinute`, which every engine serves from an index (FerretDB 1.24 pushes down
 * equality, no range). What left the watched set leaves at the next full load. Everything is read
 * before anything is kept: a read that fails part way changes nothing.
 */
export class KeptBetweenPolls<K, T, R> {
  private items = new Map<K, T>();
  private byRecipient = new Map<string, R>();
  private loadedAt: number | null = null;

  constructor(private readonly source: KeptSource<K, T, R>) {}

  /** Whether a read at `now` is a full load. */
  fullLoadDue(now: Date): boolean {
    const at = now.getTime();
    return this.loadedAt === null || at < this.loadedAt || at - this.loadedAt >= FULL_LOAD_INTERVAL_MS;
  }

  async read(now: Date): Promise<KeptRead<K, T, R>> {
    const at = now.getTime();
    const full = this.fullLoadDue(now);
    let added: T[];
    if (full) {
      added = await this.source.all(now);
      this.items = new Map();
      this.byRecipient = new Map();
      this.loadedAt = at;
    } else {
      const created: T[] = [];
      for (const minute of minutesBetween(at - NEW_DOCUMENT_LOOKBACK_MS, at)) {
        created.push(...(await this.source.createdIn(minute)));
      }
      added = created.filter((item) => !this.items.has(this.source.keyOf(item)));
    }
    const addedRecipients: string[] = [];
    for (const item of added) {
      this.items.set(this.source.keyOf(item), item);
      for (const [recipient, receiver] of this.source.receiversOf(item)) {
        this.byRecipient.set(recipient, receiver);
        addedRecipients.push(recipient);
      }
    }
    return { all: this.items, byRecipient: this.byRecipient, addedRecipients, full };
  }
}
