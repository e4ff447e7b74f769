import type { ValidateFunction } from 'ajv';
import { ajv } from '../validation';
import type { EventMessage } from './envelopes';
import { EVENT_DATA_SCHEMAS } from './event-data.schemas';
import { EVENT_MESSAGE_SCHEMA } from './message.schemas';
import { publicEventData } from './public-events';

/** An event as the event store holds it: the published fields plus write-side ones (`traceparent`, credentials). */
export interface StoredEventShape {
  eventId: string;
  type: string;
  streamId: string;
  version: number;
  occurredAt: string;
  merchantId: string;
  data: Record<string, unknown>;
  metadata: { correlationId: string; causationId: string };
}

/** What `payments.events` carries of a stored event: its credentials and trace left on the write side. */
export function toEventMessage(event: StoredEventShape): EventMessage {
  return {
    eventId: event.eventId,
    type: event.type as EventMessage['type'],
    streamId: event.streamId,
    version: event.version,
    occurredAt: event.occurredAt,
    merchantId: event.merchantId,
    data: publicEventData(event.type, event.data),
    metadata: { correlationId: event.metadata.correlationId, causationId: event.metadata.causationId },
  };
}

/**
 * `EVENT_MESSAGE_SCHEMA` split by event type: the envelope with `type` fixed and `data` checked against
 * that type's schema, which says exactly what the whole schema's `anyOf` branch for the type says. One
 * validator per type, compiled on first use: an append checks each event against one branch instead of
 * every branch, and a refusal names that branch's violations only (the whole schema's report lists
 * every branch's, 244 KB for one bad amount).
 */
const { anyOf: _branches, $id: _id, $schema: _dialect, ...ENVELOPE } = EVENT_MESSAGE_SCHEMA;
const envelopeProperties = ENVELOPE.properties as Record<string, unknown>;
const byType = new Map<string, ValidateFunction>();

function validatorOf(type: unknown): ValidateFunction {
  const key = typeof type === 'string' && Object.hasOwn(EVENT_DATA_SCHEMAS, type) ? type : '';
  let validate = byType.get(key);
  if (!validate) {
    const properties = key
      ? {
          ...envelopeProperties,
          type: { const: key },
          data: EVENT_DATA_SCHEMAS[key as keyof typeof EVENT_DATA_SCHEMAS],
        }
      : envelopeProperties;
    validate = ajv.compile({ ...ENVELOPE, properties });
    byType.set(key, validate);
  }
  return validate;
}

/** At most this many violations are named; the rest are counted. */
const MAX_NAMED_VIOLATIONS = 3;

/**
 * Why `payments.events` would refuse this message, as short lines (`/data/amount must match pattern …`),
 * the first few of them and a count of the rest; empty when the schema accepts it.
 */
export function eventMessageViolations(message: unknown): string[] {
  const validate = validatorOf((message as { type?: unknown } | null)?.type);
  if (validate(message)) return [];
  const errors = validate.errors ?? [];
  const named = errors
    .slice(0, MAX_NAMED_VIOLATIONS)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  const more = errors.length - named.length;
  return more > 0 ? [...named, `and ${more} more`] : named;
}
