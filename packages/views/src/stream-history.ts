import { parseStreamId, type AggregateName } from '@gw/domain';
import type { Filter, ReadModelDocument, ReadModelStore, StoredEvent } from '@gw/store';
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
 * Reads a kept stream's events from the history read model, in version order. Payments records the
 * events it appends before it replies, and the outbox relay records each commit before it publishes it,
 * so the history holds every event an answered command or a `payments.events` message names.
 */
export class StreamHistory {
  constructor(private readonly readModels: ReadModelStore) {}

  /** The stream's events (up to `upToVersion`, when given); empty for an unknown stream. */
  async events(streamId: string, upToVersion?: number): Promise<StreamEventDocument[]> {
    const filter: Filter =
      upToVersion === undefined ? { streamId } : { streamId, version: { $lte: upToVersion } };
    return this.readModels
      .collection<StreamEventDocument>(COLLECTIONS.streamEvents)
      .find({ filter, sort: [['version', 1]] });
  }

  /**
   * Every kept event that occurred at or after `from` (an ISO instant, compared as a string as the events
   * carry it), by time (ties by id, so not necessarily in version order within a stream): read through
   * the `occurredAt` index, so the events before `from` are never looked at.
   */
  async occurredSince(from: string): Promise<StreamEventDocument[]> {
    return this.readModels
      .collection<StreamEventDocument>(COLLECTIONS.streamEvents)
      .find({ filter: { occurredAt: { $gte: from } }, sort: [['occurredAt', 1]] });
  }
}
