import { InProcessBus } from '../src';
import { describeMessageBusContract } from '../src/testing';

describeMessageBusContract('in-process bus', async () => {
  const bus = new InProcessBus({ retryBackoffMs: 2 });
  return { bus, cleanup: () => bus.close() };
});
