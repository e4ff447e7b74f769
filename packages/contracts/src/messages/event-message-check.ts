import type { ValidateFunction } from 'ajv';
import { acceptedBy, ajv } from '../validation';
import type { EventMessage } from './envelopes';
import { EVENT_DATA_SCHEMAS } from './event-data.schemas';
import { EVENT_MESSAGE_SCHEMA } from './message.schemas';
import { publicEventData } from './public-events';
import { EventContractError } from './typed-events';

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

/**
 * What `payments.events` carries of a stored event: its credentials and trace left on the write side.
 * Its type is the stored one, unchecked: the message is an EventMessage once its contract accepts it.
 */
export function toEventMessage(event: StoredEventShape): Omit<EventMessage, 'type'> & { type: string } {
  return {
    eventId: event.eventId,
    type: event.type,
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
const byType = new Map<string, ValidateFunction<EventMessage>>();

function validatorOf(type: unknown): ValidateFunction<EventMessage> {
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
    validate = ajv.compile<EventMessage>({ ...ENVELOPE, properties });
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
  const validate = validatorOf(typeOf(message));
  if (acceptedBy(validate, message)) return [];
  return violationsOf(validate);
}

/**
 * A message consumed from `payments.events`, typed once its contract accepts it (the contract the
 * outbox relay checked before publishing it); EventContractError for one it refuses.
 */
export function eventMessageOf(message: unknown): EventMessage {
  const type = typeOf(message);
  const validate = validatorOf(type);
  if (acceptedBy(validate, message)) return message;
  throw new EventContractError(String(type), violationsOf(validate).join('; '));
}

const typeOf = (message: unknown): unknown =>
  typeof message === 'object' && message !== null && 'type' in message ? message.type : undefined;

function violationsOf(validate: ValidateFunction): string[] {
  const errors = validate.errors ?? [];
  const named = errors
    .slice(0, MAX_NAMED_VIOLATIONS)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  const more = errors.length - named.length;
  return more > 0 ? [...named, `and ${more} more`] : named;
}
