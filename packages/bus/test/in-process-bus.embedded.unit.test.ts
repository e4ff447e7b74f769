import { InProcessBus, SchemaValidatingJsonCodec } from '../src';
import { describeMessageBusContract } from '../src/testing';

describeMessageBusContract('in-process bus', async () => {
  const bus = new InProcessBus({ retryBackoffMs: 2 });
  return { bus, cleanup: () => bus.close() };
});

/** The gateway's embedded codec: values checked and copied once, frozen and shared by every consumer. */
describeMessageBusContract('in-process bus, schema-checking codec', async () => {
  const bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec({}), retryBackoffMs: 2 });
  return { bus, cleanup: () => bus.close() };
});
