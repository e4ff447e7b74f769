import { describeMessageBusContract } from '../src/testing';
import { closeAndClean, makeTestKafkaBus } from './support/kafka-test-bus';

/** The shared MessageBus contract, unchanged, on the real broker; topics and groups are unique per run. */
describeMessageBusContract(
  'kafka',
  async () => {
    const bus = await makeTestKafkaBus();
    return { bus, cleanup: () => closeAndClean(bus) };
  },
  { deliveryTimeoutMs: 15_000 },
);
