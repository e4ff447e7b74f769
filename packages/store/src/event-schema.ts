import { eventMessageViolations, toEventMessage } from '@gw/contracts';
import { EventSchemaViolationError, type StoredEvent } from './event-store';

/** Why an event, as it would be stored, breaks the store's event schema; empty when it does not. */
export type EventSchema = (event: StoredEvent) => string[];

/** The default: what `payments.events` accepts, checked on the message the outbox relay would publish. */
export const PAYMENTS_EVENT_SCHEMA: EventSchema = (event) => eventMessageViolations(toEventMessage(event));

/** Accepts anything: for tests of the store's mechanics with made-up events, and for planting old data. */
export const ANY_EVENT: EventSchema = () => [];

/** Throws EventSchemaViolationError for the first event the schema refuses. */
export function assertEventsMatch(schema: EventSchema, events: readonly StoredEvent[]): void {
  for (const event of events) {
    const violations = schema(event);
    if (violations.length > 0)
      throw new EventSchemaViolationError(event.streamId, event.type, event.version, violations);
  }
}
