import { frozenDocument, type ReadModelDocument, type ReadModelStore, type StoredEvent } from '@gw/store';
import { COLLECTIONS, INDEXES } from './collections';
import { projectionFor } from './projections';
import { ReadModelStreamHistory, type StreamHistory } from './stream-history';

/**
 * Events handed to the writer that start past the version after the stored document's: folding them
 * would leave out the events in between for good.
 */
export class ReadModelGapError extends Error {
  constructor(
    readonly streamId: string,
    readonly storedVersion: number,
    readonly firstVersion: number,
  ) {
    super(
      `the read model of ${streamId} is at version ${storedVersion}; events from version ${firstVersion} would skip the ones between`,
    );
    this.name = 'ReadModelGapError';
  }
}

/** What `write` may assume about the stored document. */
export interface WriteOptions {
  /**
   * Read the stored document even when the events start at version 1: where the document is most
   * likely written already (the projector, after payments wrote it with its append), one read answers
   * where a first-version write would collide and then read what it collided with.
   */
  readStored?: boolean;
}

/**
 * Folds a stream's events into its read-model document with the pure projections, idempotent by stream
 * version. The one way a document is written: the projector hands it each event of `payments.events`,
 * and payments hands it the stream it has just appended to, before replying, so that whatever a reply
 * acknowledges is readable at once (see docs/architecture.md, "Read-your-writes").
 */
export class ReadModelWriter {
  constructor(
    private readonly readModels: ReadModelStore,
    private readonly history: StreamHistory = new ReadModelStreamHistory(readModels),
  ) {}

  async ensureIndexes(): Promise<void> {
    for (const name of Object.values(COLLECTIONS)) {
      await this.readModels.collection(name).ensureIndexes(INDEXES[name]);
    }
  }

  /**
   * Writes the document of one stream as of the last of `events`, which are consecutive versions of it.
   * From version 1 they are the whole stream: the document is folded from nothing without reading the
   * stored one (a read each create would cost a round trip to the store), and
   * upsertIfNewer keeps whichever of the two writers got further. From a later version they are folded
   * onto the stored document, skipping the ones it already reflects; they must not start past the
   * version right after it (ReadModelGapError). True when this call wrote the document.
   */
  async write(events: readonly StoredEvent[], options: WriteOptions = {}): Promise<boolean> {
    const first = events[0];
    if (!first) return false;
    const { collection: name, documentId } = projectionFor(first);
    const collection = this.readModels.collection<ReadModelDocument>(name);
    // A store that knows the stored version without a query says when the document is already as far
    // as the last event (the projector after payments' own write, every event of a create): nothing to
    // read, fold or write, as reading it would have concluded.
    const known = collection.versionKnown?.(documentId);
    if (known !== undefined && known >= events[events.length - 1]!.version) return false;
    const stored = first.version === 1 && !options.readStored ? null : await collection.get(documentId);
    const storedVersion = stored?.version ?? 0;
    const unseen = events.filter((event) => event.version > storedVersion);
    if (unseen.length === 0) return false;
    if (unseen[0]!.version !== storedVersion + 1) {
      throw new ReadModelGapError(first.streamId, storedVersion, unseen[0]!.version);
    }
    const next = unseen.reduce((doc, event) => projectionFor(event).apply(doc), stored);
    // Handed over frozen: the embedded store keeps it without a copy. What it shares with the events
    // (their data, which payments and the bus hand over frozen already) is frozen with it.
    return next ? collection.upsertIfNewer(frozenDocument(next)) : false;
  }

  /**
   * Records events of payment and invoice streams in the history (StreamHistory); events of other
   * streams are left out. Payments records what it appends before replying and the outbox relay each
   * commit before publishing it; the projector records every event it applies, which rebuilds the
   * history with the rest.
   */
  async record(events: readonly StoredEvent[]): Promise<void> {
    await this.history.record(events);
  }
}
