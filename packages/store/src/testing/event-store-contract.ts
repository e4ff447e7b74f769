import { describeAppendContract } from './event-store-append-contract';
import { EventStoreHarness, type MakeEventStore } from './event-store-fixture';
import { describeOutboxAndDurabilityContract } from './event-store-outbox-contract';
import { describeQuarantineContract, describeSchemaContract } from './event-store-quarantine-contract';
import { PAYMENTS_EVENT_SCHEMA } from '../event-schema';

/**
 * The specification every EventStore adapter must meet, run unchanged against the JSONL store in unit
 * tests and against MongoDB in integration tests. `makeStore` is called once per test and must return
 * an empty store (the outbox assertions look at the whole outbox).
 */
export function describeEventStoreContract(name: string, makeStore: MakeEventStore): void {
  describe(`EventStore contract: ${name}`, () => {
    const harness = new EventStoreHarness(makeStore);
    harness.register();
    describeAppendContract(harness);
    describeOutboxAndDurabilityContract(harness);
    describe('with the payments.events schema', () => {
      const checked = new EventStoreHarness(makeStore, PAYMENTS_EVENT_SCHEMA);
      checked.register();
      describeSchemaContract(checked);
      describeQuarantineContract(checked);
    });
  });
}
