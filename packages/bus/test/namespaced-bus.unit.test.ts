import {
  InProcessBus,
  SchemaValidatingJsonCodec,
  namespacedBus,
  namespacedCodec,
  type IncomingMessage,
} from '../src';
import { describeMessageBusContract, eventually } from '../src/testing';

describeMessageBusContract('namespaced in-process bus', async () => {
  const inner = new InProcessBus({ retryBackoffMs: 2 });
  return { bus: namespacedBus(inner, 'tenant-a.'), cleanup: () => inner.close() };
});

describe('namespacedBus', () => {
  it('keeps two namespaces on one bus apart, and hands handlers the contract topic name', async () => {
    const shared = new InProcessBus();
    const received: Record<string, IncomingMessage[]> = { a: [], b: [] };
    for (const name of ['a', 'b'] as const) {
      await namespacedBus(shared, `${name}.`).subscribe(
        { topics: ['payments.events'], groupId: 'projector' },
        async (message) => void received[name]!.push(message),
      );
    }
    await namespacedBus(shared, 'a.').publish('payments.events', [{ key: 'payment-1', value: { n: 1 } }]);
    await eventually(() => expect(received.a).toHaveLength(1), 2_000);
    expect(received.a![0]).toMatchObject({ topic: 'payments.events', key: 'payment-1', value: { n: 1 } });
    expect(received.b).toEqual([]);
    await shared.close();
  });

  it('validates against the schema of the contract topic, not the prefixed one', async () => {
    const codec = namespacedCodec(
      new SchemaValidatingJsonCodec({ commands: { type: 'object', required: ['type'] } }),
      'x.',
    );
    expect(() => codec.encode('x.commands', { amount: 1 })).toThrow();
    expect(JSON.parse(String(codec.encode('x.commands', { type: 'CreatePayment' })))).toEqual({
      type: 'CreatePayment',
    });
  });

  it('offers the inner codec’s encodeValue, checked against the contract topic’s schema', () => {
    const codec = namespacedCodec(
      new SchemaValidatingJsonCodec({ commands: { type: 'object', required: ['type'] } }),
      'x.',
    );
    expect(() => codec.encodeValue!('x.commands', { amount: 1 })).toThrow(/does not match its schema/);
    const value = codec.encodeValue!('x.commands', { type: 'CreatePayment' });
    expect(value).toEqual({ type: 'CreatePayment' });
    expect(Object.isFrozen(value)).toBe(true);
  });

  it('is the bus itself without a prefix', () => {
    const bus = new InProcessBus();
    expect(namespacedBus(bus, '')).toBe(bus);
  });
});
