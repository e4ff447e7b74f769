import type { EventStore, ReadModelStore } from '@gw/store';
import { COLLECTIONS, ReadModelWriter } from '@gw/views';

/**
 * Fills the history read model (payment and invoice events, `stream_events`) from the event store when it
 * is empty and the store is not: the first start of a projector after an upgrade from a release that did
 * not keep it. The notifier's webhooks, the dashboard's timelines and keyed-create replays read it; a
 * rebuild (`gateway replay`, the embedded start) fills it with the rest. Writing is idempotent (one
 * document per event, written once), so replicas that run it at once, or the live writers meanwhile,
 * change nothing the others wrote. Returns the events read, 0 when the history was already kept.
 */
export async function backfillHistory(eventStore: EventStore, readModels: ReadModelStore): Promise<number> {
  if ((await readModels.collection(COLLECTIONS.streamEvents).count({})) > 0) return 0;
  const writer = new ReadModelWriter(readModels);
  await writer.ensureIndexes();
  let read = 0;
  let batch = [];
  for await (const event of eventStore.readAll()) {
    batch.push(event);
    read++;
    if (batch.length === 500) {
      await writer.record(batch);
      batch = [];
    }
  }
  await writer.record(batch);
  return read;
}
