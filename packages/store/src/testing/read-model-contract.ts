import { ReadModelHarness, type MakeReadModelStore } from './read-model-fixture';
import { describeQueryContract } from './read-model-query-contract';
import { describeWriteContract } from './read-model-write-contract';

/**
 * The specification every ReadModelStore adapter must meet, run unchanged against the in-memory store
 * in unit tests and against MongoDB in integration tests. Collection names are unique per test.
 */
export function describeReadModelContract(name: string, makeStore: MakeReadModelStore): void {
  describe(`ReadModelStore contract: ${name}`, () => {
    const harness = new ReadModelHarness(makeStore);
    harness.register();
    describeWriteContract(harness);
    describeQueryContract(harness);
  });
}
