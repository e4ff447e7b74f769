import type { ValidateFunction } from 'ajv';
import { ForeignEventError, type AggregateStream, type AnyEvent, type AnyEventType } from '@gw/domain';
import { acceptedBy, ajv, describeErrors } from '../validation';
import { EVENT_DATA_SCHEMAS } from './event-data.schemas';

/** What the domain reads of an event, stored or published: its type and its data. */
export interface EventRecord {
  type: string;
  data: Record<string, unknown>;
}

/**
 * An event whose data its contract refuses: one that should never have been stored (an event store
 * written before appends were checked, issue 22) or that is not an event type at all.
 */
export class EventContractError extends Error {
  constructor(
    readonly eventType: string,
    readonly violations: string,
  ) {
    super(`${eventType}: ${violations}`);
    this.name = 'EventContractError';
  }
}

const isEventType = (type: string): type is AnyEventType => Object.hasOwn(EVENT_DATA_SCHEMAS, type);

/** `{ type, data }` checked against the type's `data` schema, the one appends are checked against. */
const guards = new Map<AnyEventType, ValidateFunction<AnyEvent>>();

function guardOf(type: AnyEventType): ValidateFunction<AnyEvent> {
  let guard = guards.get(type);
  if (!guard) {
    guard = ajv.compile<AnyEvent>({
      type: 'object',
      required: ['type', 'data'],
      properties: { type: { const: type }, data: EVENT_DATA_SCHEMAS[type] },
    });
    guards.set(type, guard);
  }
  return guard;
}

/**
 * The one way a stored or published event becomes a member of the domain's typed event union: its
 * data checked against the event type's contract (the schema every append is checked against), and,
 * given an aggregate, checked to be one of that aggregate's events. Throws EventContractError for data
 * the contract refuses, ForeignEventError for an event of another aggregate.
 */
export function eventOf(event: EventRecord): AnyEvent;
export function eventOf<Event extends AnyEvent>(
  event: EventRecord,
  aggregate: AggregateStream<Event, unknown>,
): Event;
export function eventOf(event: EventRecord, aggregate?: AggregateStream<AnyEvent, unknown>): AnyEvent {
  const { type } = event;
  if (!isEventType(type)) throw new EventContractError(type, 'not an event type of payments.events');
  const candidate = { type, data: event.data };
  const guard = guardOf(type);
  // Keyed by the data: the wrapper is new on every call, and the guard fixes the type.
  if (!acceptedBy(guard, candidate, event.data))
    throw new EventContractError(type, describeErrors(guard.errors));
  if (aggregate && !aggregate.holds(candidate)) throw new ForeignEventError(aggregate.name, type);
  return candidate;
}

/**
 * The state of an aggregate after a stream's events (Emmett's `aggregateStream`): each event through
 * `eventOf`, then the aggregate's `evolve` from its `initialState`.
 */
export function foldStream<State>(
  aggregate: AggregateStream<AnyEvent, State>,
  stream: Iterable<EventRecord>,
): State {
  return aggregate.fold(Array.from(stream, (event) => eventOf(event)));
}
