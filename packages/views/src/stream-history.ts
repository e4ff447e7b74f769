import { parseStreamId, type AggregateName } from '@gw/domain';
import {
  frozenDocument,
  type Filter,
  type ReadModelCollection,
  type ReadModelDocument,
  type ReadModelStore,
  type StoredEvent,
} from '@gw/store';
import { COLLECTIONS } from './collections';

/**
 * The streams whose events the history read model keeps: what the services outside payments need event
 * by event. A payment's timeline (the dashboard), its document exactly as of a version (the notifier's
 * webhooks, the dashboard's live pages) and a keyed create's committed event (payments and invoices,
 * application's `committedCreate`). Merchant streams stay out: their events carry credentials that never
 * leave the write side.
 */
const KEPT: ReadonlySet<AggregateName> = new Set(['payment', 'invoice']);

/** One stored event of a kept stream, as the event store holds it (less its trace): id `<streamId>@<version>`. */
export interface StreamEventDocument extends ReadModelDocument, StoredEvent {}

export function keepsHistory(streamId: string): boolean {
  try {
    return KEPT.has(parseStreamId(streamId).aggregate);
  } catch {
    return false;
  }
}

/** The id of an event's history document. */
export const streamEventIdOf = (event: Pick<StoredEvent, 'streamId' | 'version'>): string =>
  `${event.streamId}@${event.version}`;

export function streamEventDocumentOf(event: StoredEvent): StreamEventDocument {
  const { correlationId, causationId } = event.metadata;
  return {
    id: streamEventIdOf(event),
    version: event.version,
    streamId: event.streamId,
    eventId: event.eventId,
    type: event.type,
    occurredAt: event.occurredAt,
    merchantId: event.merchantId,
    data: event.data,
    metadata: { correlationId, causationId },
  };
}

/**
 * The events of kept streams (payments and invoices), for the services outside payments: a stream's
 * events in version order, and every kept event that occurred since an instant. Payments records the
 * events it appends before it replies, the outbox relay each commit before it publishes it, and the
 * projector every event it applies, so the history holds every event an answered command or a
 * `payments.events` message names. Two adapters: the history read model (`stream_events`, on the
 * engines) and, in the embedded default, the event log itself, which already keeps every event on disk
 * (apps/gateway's EventLogHistory): a second copy in memory doubled the heap of a large store.
 */
export interface StreamHistory {
  /** The stream's events (up to `upToVersion`, when given); empty for an unknown stream or one not kept. */
  events(streamId: string, upToVersion?: number): Promise<StreamEventDocument[]>;
  /**
   * Every kept event that occurred at or after `from` (an ISO instant, compared as a string as the
   * events carry it), by time, ties by id (so not necessarily in version order within a stream).
   */
  occurredSince(from: string): Promise<StreamEventDocument[]>;
  /** Keeps the events of kept streams among `events`; the others are left out. Idempotent per event. */
  record(events: readonly StoredEvent[]): Promise<void>;
}

/** How many recorded events a history remembers (recordings of the same event again write nothing). */
const REMEMBERED_RECORDINGS = 10_000;

/** The history read model: one `stream_events` document per kept event, id `<streamId>@<version>`. */
export class ReadModelStreamHistory implements StreamHistory {
  /**
   * Recordings of this history (one per process: the context's), by document id, most recent last: a
   * stream event is the same document whoever records it, so once one recording succeeded another writes
   * nothing. Payments records a commit's events before replying and its outbox relay the same events
   * before publishing: the second recording waits for the first instead of colliding with it in the store.
   */
  private readonly recordings = new Map<string, Promise<unknown>>();

  constructor(private readonly readModels: ReadModelStore) {}

  async events(streamId: string, upToVersion?: number): Promise<StreamEventDocument[]> {
    const filter: Filter =
      upToVersion === undefined ? { streamId } : { streamId, version: { $lte: upToVersion } };
    return this.history().find({ filter, sort: [['version', 1]] });
  }

  /** Read through the `occurredAt` index, so the events before `from` are never looked at. */
  async occurredSince(from: string): Promise<StreamEventDocument[]> {
    return this.history().find({ filter: { occurredAt: { $gte: from } }, sort: [['occurredAt', 1]] });
  }

  async record(events: readonly StoredEvent[]): Promise<void> {
    const history = this.history();
    const kept = events.filter((event) => keepsHistory(event.streamId));
    await Promise.all(kept.map((event) => this.recordOnce(history, streamEventDocumentOf(event))));
  }

  /** Writes the document unless this history recorded it already (or is recording it: waits for that). */
  private recordOnce(
    history: ReadModelCollection<StreamEventDocument>,
    document: StreamEventDocument,
  ): Promise<unknown> {
    const earlier = this.recordings.get(document.id);
    if (earlier) return earlier;
    // A store that knows its documents' versions says without a query that another writer recorded it.
    if ((history.versionKnown?.(document.id) ?? 0) >= document.version) return Promise.resolve(false);
    const recording = history.upsertIfNewer(frozenDocument(document)).catch((error: unknown) => {
      // Not recorded: the next recording of it writes again.
      this.recordings.delete(document.id);
      throw error;
    });
    this.recordings.set(document.id, recording);
    if (this.recordings.size > REMEMBERED_RECORDINGS) {
      this.recordings.delete(this.recordings.keys().next().value!);
    }
    return recording;
  }

  private history() {
    return this.readModels.collection<StreamEventDocument>(COLLECTIONS.streamEvents);
  }
}
