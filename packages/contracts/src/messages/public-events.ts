import { EVENT_DATA_SCHEMAS } from './event-data.schemas';
import { WRITE_SIDE_ONLY } from './schema-builders';

/** The fields of an event type that stay in the event store and never go on `payments.events`. */
export function writeSideOnlyFields(type: string): readonly string[] {
  const schema = (EVENT_DATA_SCHEMAS as Record<string, Record<string, unknown> | undefined>)[type];
  return (schema?.[WRITE_SIDE_ONLY] as string[] | undefined) ?? [];
}

/**
 * An event's data as `payments.events` carries it: merchant credentials (the API-key hashes and the
 * encrypted payment key, IPN secret and family B key) removed. Every internal team reads that topic;
 * the credentials are the write side's, which keeps them in the event store and the merchants read
 * model it writes itself.
 */
export function publicEventData(type: string, data: Record<string, unknown>): Record<string, unknown> {
  const withheld = writeSideOnlyFields(type);
  if (withheld.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([name]) => !withheld.includes(name)));
}
