import { BusHarness, type MakeMessageBus, type MessageBusContractOptions } from './bus-harness';
import { describeDeliveryContract } from './message-bus-delivery-contract';
import { describeFailureAndPositionContract } from './message-bus-failure-contract';
import { describeRequestReplyContract } from './request-reply-contract';
import { describeValueContract } from './message-bus-value-contract';

/**
 * The specification every MessageBus adapter must meet. Runs against the embedded bus in unit tests and
 * against Kafka in integration tests, unchanged. Topic and group names are unique per run, so a shared
 * broker is fine. Kafka adapters must create topics with more than one partition (work sharing) and
 * resolve `subscribe` only once the member has its partitions (a group without `fromBeginning` must
 * not miss a message published after `subscribe` resolved).
 */
export function describeMessageBusContract(
  name: string,
  makeBus: MakeMessageBus,
  options: MessageBusContractOptions = {},
): void {
  describe(`MessageBus contract: ${name}`, () => {
    const harness = new BusHarness(makeBus, options.deliveryTimeoutMs ?? 3_000);
    harness.register();
    describeDeliveryContract(harness);
    describeFailureAndPositionContract(harness);
    describeValueContract(harness);
    describeRequestReplyContract(harness);
  });
}
