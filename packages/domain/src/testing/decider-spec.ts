import { DomainError, type DomainErrorCode } from '../errors';
import type { Decider } from '../aggregate';

/**
 * given([events]).when(command).then([events]) / .thenThrows(code): decider tests that read as
 * specifications. Runs the pure decider only; no infrastructure.
 */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(history: Event[]) {
      const state = history.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: DomainErrorCode) {
              const thrown = thrownBy(run);
              expect(thrown).toBeInstanceOf(DomainError);
              expect((thrown as DomainError).code).toBe(code);
            },
            /** For assertions on a subset of the produced events. */
            events: run,
          };
        },
        state: () => state,
      };
    },
  };
}

/** What `run` throws; undefined when it returns. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
