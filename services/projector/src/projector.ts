import type { ReadModelDocument, ReadModelStore, StoredEvent } from '@gw/store';
import { COLLECTIONS, INDEXES, projectionFor, type CollectionName } from '@gw/views';

/** How often a rebuild reports its progress, in events: often enough for a rate, rarely enough to cost nothing. */
const PROGRESS_EVERY = 1_000;

/**
 * Applies stored events to the read models, idempotent by stream version: an event at or below the
 * document's version was applied already (a redelivery) and is skipped.
 */
export class Projector {
  constructor(private readonly readModels: ReadModelStore) {}

  async ensureIndexes(): Promise<void> {
    for (const name of Object.values(COLLECTIONS)) {
      await this.readModels.collection(name).ensureIndexes(INDEXES[name]);
    }
  }

  async apply(event: StoredEvent): Promise<void> {
    const projection = projectionFor(event);
    const collection = this.readModels.collection<ReadModelDocument>(projection.collection);
    // One document per stream, so a stream's first event starts it: nothing stored can be older, and a
    // redelivered first event is refused by upsertIfNewer's version check. Saves a read per create
    // (on FerretDB 1.24 even a lookup by id scans the collection inside SQLite).
    const current = event.version === 1 ? null : await collection.get(projection.documentId);
    if (current && current.version >= event.version) return;
    const next = projection.apply(current);
    if (next) await collection.upsertIfNewer(next);
  }

  /**
   * Drops every read model and rebuilds it from the full event history. `onProgress` hears the count of
   * events applied so far, every PROGRESS_EVERY events.
   */
  async rebuild(events: AsyncIterable<StoredEvent>, onProgress?: (applied: number) => void): Promise<number> {
    for (const name of Object.values(COLLECTIONS) as CollectionName[]) {
      await this.readModels.collection(name).deleteAll();
    }
    await this.ensureIndexes();
    let count = 0;
    for await (const event of events) {
      await this.apply(event);
      count++;
      if (count % PROGRESS_EVERY === 0) onProgress?.(count);
    }
    return count;
  }
}
