import type { StoredEvent } from '@gw/store';
import { keepsHistory, streamEventDocumentOf, type StreamEventDocument, type StreamHistory } from '@gw/views';

/** What the embedded event log offers the history: a stream's events, and those since an instant. */
export interface EventLog {
  readStream(streamId: string): Promise<StoredEvent[]>;
  eventsOccurredSince(from: string): Promise<StoredEvent[]>;
}

/**
 * The embedded default's history: the JSONL event log itself, which keeps every event on disk and only
 * their positions in memory. A copy in the in-memory read models (one document per event) took as much
 * heap as the payments themselves, and a store of 1,000,000 payments no longer fitted in the default
 * heap. Recording is nothing to do: an event is in the log, fsynced, before anyone records it.
 */
export class EventLogHistory implements StreamHistory {
  constructor(private readonly log: EventLog) {}

  async events(streamId: string, upToVersion?: number): Promise<StreamEventDocument[]> {
    if (!keepsHistory(streamId)) return [];
    const events = await this.log.readStream(streamId);
    const kept = upToVersion === undefined ? events : events.filter((event) => event.version <= upToVersion);
    return kept.map(streamEventDocumentOf);
  }

  async occurredSince(from: string): Promise<StreamEventDocument[]> {
    return (await this.log.eventsOccurredSince(from))
      .filter((event) => keepsHistory(event.streamId))
      .map(streamEventDocumentOf)
      .sort(byTimeThenId);
  }

  async record(_events: readonly StoredEvent[]): Promise<void> {}
}

function byTimeThenId(a: StreamEventDocument, b: StreamEventDocument): number {
  if (a.occurredAt !== b.occurredAt) return a.occurredAt < b.occurredAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
