import { minutesBetween } from '@gw/views';

/** How often a watcher reads everything it watches again. */
export const FULL_LOAD_INTERVAL_MS = 10 * 60_000;
/**
 * How far back a poll between full loads looks for new documents, by their minute of creation: a
 * document the projector writes up to this long after its creation is still watched from the next
 * poll on, as when every poll read everything. A later one waits for a full load.
 */
export const NEW_DOCUMENT_LOOKBACK_MS = 10 * 60_000;

/** Where the kept items come from: all of them, or those created in one UTC minute (`createdMinute`). */
export interface KeptSource<K, T> {
  all(now: Date): Promise<T[]>;
  createdIn(minute: string): Promise<T[]>;
  keyOf(item: T): K;
}

export interface KeptRead<K, T> {
  all: ReadonlyMap<K, T>;
  /** What this read added: everything at a full load. */
  added: T[];
  full: boolean;
}

/**
 * Items a watcher keeps between its polls, whose watched part never changes once created (a payment's
 * address and network, a static address's terms). A full load reads them all: first, then every ten
 * minutes, and after the clock went back. Each poll in between adds those created in the last ten
 * minutes, each minute by one equality on `createdMinute`, which every engine serves from an index
 * (FerretDB 1.24 pushes down equality, no range). What left the watched set leaves at the next full
 * load. Everything is read before anything is kept: a read that fails part way changes nothing.
 */
export class KeptBetweenPolls<K, T> {
  private items = new Map<K, T>();
  private loadedAt: number | null = null;

  constructor(private readonly source: KeptSource<K, T>) {}

  /** Whether a read at `now` is a full load. */
  fullLoadDue(now: Date): boolean {
    const at = now.getTime();
    return this.loadedAt === null || at < this.loadedAt || at - this.loadedAt >= FULL_LOAD_INTERVAL_MS;
  }

  async read(now: Date): Promise<KeptRead<K, T>> {
    const at = now.getTime();
    if (this.fullLoadDue(now)) {
      const all = await this.source.all(now);
      this.items = new Map(all.map((item) => [this.source.keyOf(item), item]));
      this.loadedAt = at;
      return { all: this.items, added: all, full: true };
    }
    const created: T[] = [];
    for (const minute of minutesBetween(at - NEW_DOCUMENT_LOOKBACK_MS, at)) {
      created.push(...(await this.source.createdIn(minute)));
    }
    const added = created.filter((item) => !this.items.has(this.source.keyOf(item)));
    for (const item of added) this.items.set(this.source.keyOf(item), item);
    return { all: this.items, added, full: false };
  }
}
