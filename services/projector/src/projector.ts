import { EventContractError } from '@gw/contracts';
import type { ReadModelStore, StoredEvent } from '@gw/store';
import {
  COLLECTIONS,
  ReadModelWriter,
  projectionFor,
  type CollectionName,
  type StreamHistory,
} from '@gw/views';

/** How often a rebuild reports its progress, in events: often enough for a rate, rarely enough to cost nothing. */
const PROGRESS_EVERY = 1_000;

/**
 * Applies `payments.events` to the read models one event at a time, in stream order. An event at or
 * below a document's version was applied already (a redelivery, or payments wrote the document with
 * its append) and is skipped.
 */
export class Projector {
  private readonly writer: ReadModelWriter;

  constructor(
    private readonly readModels: ReadModelStore,
    history?: StreamHistory,
  ) {
    this.writer = new ReadModelWriter(readModels, history);
  }

  ensureIndexes(): Promise<void> {
    return this.writer.ensureIndexes();
  }

  async apply(event: StoredEvent): Promise<void> {
    await this.writer.write([event]);
    await this.writer.record([event]);
  }

  /**
   * An event as `payments.events` carries it. Merchant documents hold credentials the topic never
   * carries, so only the write side (payments, with each append) and a rebuild from the event store
   * write them; the topic's merchant events are left to them. `readModelVersion` is what the message's
   * `x-read-model-version` header says payments wrote the document as (readModelVersionIn): an event at
   * or below it is skipped without a read, as the read would have found the document as far.
   */
  async applyPublished(event: StoredEvent, readModelVersion?: number): Promise<void> {
    if (projectionFor(event).collection === COLLECTIONS.merchants) return;
    if (readModelVersion !== undefined && readModelVersion >= event.version) return;
    // Payments wrote the document with its append (read-your-writes), and its outbox relay recorded the
    // event in the history before publishing it: one read finds the document as far, and nothing is
    // written. Where the document was not that far (payments did not get to it), the projector writes
    // it and records the event too, as a rebuild does.
    if (await this.writer.write([event], { readStored: true })) await this.writer.record([event]);
  }

  /**
   * Drops every read model and rebuilds it from the full event history. `onProgress` hears the count of
   * events applied so far, every PROGRESS_EVERY events. An event its contract refuses (an event store
   * written before appends were checked, issue 22) is left out with the rest of its stream, as the
   * outbox relay holds back the stream of a commit it quarantines; `onRefused` hears each one.
   */
  async rebuild(
    events: AsyncIterable<StoredEvent>,
    onProgress?: (applied: number) => void,
    onRefused?: (event: StoredEvent, error: EventContractError) => void,
  ): Promise<number> {
    for (const name of Object.values(COLLECTIONS) as CollectionName[]) {
      await this.readModels.collection(name).deleteAll();
    }
    await this.ensureIndexes();
    let count = 0;
    const refused = new Set<string>();
    for await (const event of events) {
      if (refused.has(event.streamId)) continue;
      try {
        await this.apply(event);
      } catch (error) {
        if (!(error instanceof EventContractError)) throw error;
        refused.add(event.streamId);
        onRefused?.(event, error);
        continue;
      }
      count++;
      if (count % PROGRESS_EVERY === 0) onProgress?.(count);
    }
    return count;
  }
}
