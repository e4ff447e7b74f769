import type { AggregateName, AnyCommand, AnyEvent } from './aggregates';

/** The pure decider of an aggregate: what a command does to its state, and how its events fold. */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/**
 * What an aggregate module declares: its decider, and the types of its commands and events as lists the
 * compiler checks are complete (a command or event type missing from them, or one that is not the
 * aggregate's, is a compile error), so that the aggregate of a command or an event is known at run
 * time without a switch over every type.
 */
export interface AggregateDefinition<
  Name extends AggregateName,
  Command extends AnyCommand,
  Event extends AnyEvent,
  State,
> extends Decider<Command, Event, State> {
  name: Name;
  commandTypes: { readonly [Type in Command['type']]: true };
  eventTypes: { readonly [Type in Event['type']]: true };
}

/** What a reader of an aggregate's streams needs of it: which events are its, and how they fold. */
export interface AggregateStream<Event extends AnyEvent, State> {
  name: AggregateName;
  /** True for this aggregate's events: what a stream of it holds. */
  holds(event: AnyEvent): event is Event;
  /** The state after `events`, from the initial state; throws on an event of another aggregate. */
  fold(events: Iterable<AnyEvent>): State;
}

/** One aggregate as one object: its decider, and the typed narrowing and fold every reader shares. */
export interface Aggregate<
  Name extends AggregateName,
  Command extends AnyCommand,
  Event extends AnyEvent,
  State,
>
  extends AggregateDefinition<Name, Command, Event, State>, AggregateStream<Event, State> {
  name: Name;
  /** True for the commands this aggregate decides. */
  decides(command: AnyCommand): command is Command;
  /**
   * The events `command` decides on the state `history` folds to. Throws for a command of another
   * aggregate, and whatever `decide` throws (DomainError for a refusal).
   */
  decideOn(command: AnyCommand, history: Iterable<AnyEvent>): Event[];
}

/** Thrown when a stream holds an event its aggregate does not: a stream id pointing at the wrong stream. */
export class ForeignEventError extends Error {
  constructor(aggregate: AggregateName, type: string) {
    super(`${type} is not an event of the ${aggregate} aggregate`);
    this.name = 'ForeignEventError';
  }
}

export function defineAggregate<
  Name extends AggregateName,
  Command extends AnyCommand,
  Event extends AnyEvent,
  State,
>(definition: AggregateDefinition<Name, Command, Event, State>): Aggregate<Name, Command, Event, State> {
  const decides = (command: AnyCommand): command is Command =>
    Object.hasOwn(definition.commandTypes, command.type);
  const holds = (event: AnyEvent): event is Event => Object.hasOwn(definition.eventTypes, event.type);
  const fold = (events: Iterable<AnyEvent>): State => {
    let state = definition.initialState();
    for (const event of events) {
      if (!holds(event)) throw new ForeignEventError(definition.name, event.type);
      state = definition.evolve(state, event);
    }
    return state;
  };
  return {
    ...definition,
    decides,
    holds,
    fold,
    decideOn(command, history) {
      if (!decides(command)) {
        throw new Error(`${command.type} is not a command of the ${definition.name} aggregate`);
      }
      return definition.decide(command, fold(history));
    },
  };
}
