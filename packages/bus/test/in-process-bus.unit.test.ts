import {
  InProcessBus,
  MessageEncodeError,
  SchemaValidatingJsonCodec,
  type IncomingMessage,
  type MessageCodec,
} from '../src';
import { partitionForKey } from '../src/embedded/topic-log';
import { eventually } from '../src/testing';

const waitFor = (assertion: () => void) => eventually(assertion, 2_000);

describe('InProcessBus specifics', () => {
  let bus: InProcessBus;
  afterEach(() => bus?.close());

  it('maps a key to the same partition every time', () => {
    expect(partitionForKey('payment-42', 8)).toBe(partitionForKey('payment-42', 8));
    const partitions = new Set(Array.from({ length: 100 }, (_, i) => partitionForKey(`payment-${i}`, 8)));
    expect(partitions.size).toBe(8);
  });

  it('publishes nothing from a batch that has one message its schema rejects', async () => {
    const codec = new SchemaValidatingJsonCodec({ commands: { type: 'object', required: ['type'] } });
    bus = new InProcessBus({ codec });
    const received: IncomingMessage[] = [];
    await bus.subscribe(
      { topics: ['commands'], groupId: 'payments', fromBeginning: true },
      async (message) => {
        received.push(message);
      },
    );

    const publishing = bus.publish('commands', [
      { key: 'a', value: { type: 'CreatePayment' } },
      { key: 'b', value: { amount: 1 } },
    ]);

    await expect(publishing).rejects.toThrow(/commands/);
    await expect(publishing).rejects.toBeInstanceOf(MessageEncodeError);
    await expect(publishing).rejects.toMatchObject({ topic: 'commands', index: 1, key: 'b' });
    await bus.publish('commands', [{ key: 'c', value: { type: 'ExpirePayment' } }]);
    await waitFor(() => expect(received.map((message) => message.key)).toEqual(['c']));
  });

  it('gives every group a value of its own, equal to what the bytes decode to', async () => {
    bus = new InProcessBus();
    const received = new Map<string, unknown[]>();
    for (const groupId of ['projector', 'notifier']) {
      await bus.subscribe({ topics: ['events'], groupId, fromBeginning: true }, async (message) => {
        received.set(groupId, [...(received.get(groupId) ?? []), message.value]);
        (message.value as { data: { seen?: string } }).data.seen = groupId;
      });
    }
    const plain = { type: 'PaymentCreated', data: { amounts: ['0.1'] } };
    const rounded = {
      type: 'PaymentCreated',
      data: { at: new Date('2026-01-01T00:00:00Z'), gone: undefined },
    };
    await bus.publish('events', [
      { key: 'payment-1', value: plain },
      { key: 'payment-1', value: rounded },
    ]);
    plain.data.amounts.push('changed by the publisher after publishing');

    await waitFor(() => expect(received.get('notifier')).toHaveLength(2));
    await waitFor(() => expect(received.get('projector')).toHaveLength(2));
    for (const groupId of ['projector', 'notifier']) {
      const [first, second] = received.get(groupId)! as { data: Record<string, unknown> }[];
      expect(first!.data.amounts).toEqual(['0.1']);
      expect(second!.data).toEqual(expect.objectContaining({ at: '2026-01-01T00:00:00.000Z' }));
      expect(second!.data).not.toHaveProperty('gone');
    }
  });

  it('dead-letters a message it cannot decode without calling the handler', async () => {
    const codec: MessageCodec = {
      encode: (_topic, value) => Buffer.from(JSON.stringify(value)),
      decode: (topic, bytes) => {
        const value = JSON.parse(bytes.toString());
        if (topic === 'deposits' && value === 'garbled') throw new Error('unknown schema id');
        return value;
      },
    };
    bus = new InProcessBus({ codec });
    const handled: unknown[] = [];
    const dead: IncomingMessage[] = [];
    await bus.subscribe(
      { topics: ['deposits'], groupId: 'payments', fromBeginning: true },
      async (message) => {
        handled.push(message.value);
      },
    );
    await bus.subscribe(
      { topics: ['deposits.dlq'], groupId: 'ops', fromBeginning: true },
      async (message) => {
        dead.push(message);
      },
    );

    await bus.publish('deposits', [
      { key: 'addr', value: 'garbled' },
      { key: 'addr', value: 'fine' },
    ]);

    await waitFor(() => expect(dead).toHaveLength(1));
    expect(dead[0]?.headers['x-dlq-reason']).toMatch(/^undecodable: .*unknown schema id/);
    expect(dead[0]?.headers['x-dlq-attempts']).toBe('1');
    await waitFor(() => expect(handled).toEqual(['fine']));
  });

  it('keeps a bounded log per partition for late fromBeginning subscribers', async () => {
    bus = new InProcessBus({ partitions: 1, retentionPerPartition: 10 });
    await bus.publish(
      'events',
      Array.from({ length: 50 }, (_, i) => ({ key: 'k', value: i })),
    );
    const received: number[] = [];

    await bus.subscribe({ topics: ['events'], groupId: 'late', fromBeginning: true }, async (message) => {
      received.push(message.value as number);
    });

    await waitFor(() => expect(received.at(-1)).toBe(49));
    expect(received.length).toBeGreaterThanOrEqual(10);
    expect(received.length).toBeLessThan(50);
    expect(received).toEqual(Array.from({ length: received.length }, (_, i) => 50 - received.length + i));
  });

  it('never drops messages a live subscriber has not consumed yet', async () => {
    bus = new InProcessBus({ partitions: 1, retentionPerPartition: 5 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const received: number[] = [];
    await bus.subscribe({ topics: ['events'], groupId: 'slow', fromBeginning: true }, async (message) => {
      await gate;
      received.push(message.value as number);
    });

    await bus.publish(
      'events',
      Array.from({ length: 100 }, (_, i) => ({ key: 'k', value: i })),
    );
    release();

    await waitFor(() => expect(received).toEqual(Array.from({ length: 100 }, (_, i) => i)));
  });

  it('refuses to publish after close', async () => {
    bus = new InProcessBus();
    await bus.close();
    await expect(bus.publish('t', [{ key: 'k', value: 1 }])).rejects.toThrow(/closed/);
  });
});
