import { redriveDeadLetters, type IncomingMessage, type KafkaBus } from '../src';
import { closeAndClean, makeTestKafkaBus, rawKafka, uniqueSuffix } from './support/kafka-test-bus';

/** Resolves with the `count`-th message a handler was given; handlers call `seen`. */
function messagesSeen(count: number) {
  const messages: IncomingMessage[] = [];
  let reached!: () => void;
  const done = new Promise<void>((resolve) => (reached = resolve));
  return {
    messages,
    done,
    seen(message: IncomingMessage) {
      messages.push(message);
      if (messages.length === count) reached();
    },
  };
}

describe('redriveDeadLetters on Kafka', () => {
  let bus: KafkaBus | undefined;
  afterEach(async () => {
    if (bus) await closeAndClean(bus);
    bus = undefined;
  });

  it('sends each dead letter back once, as its producer sent it, and never twice', async () => {
    const topic = `it.redrive.${uniqueSuffix()}`;
    bus = await makeTestKafkaBus({
      topics: [{ name: topic, partitions: 2, configs: {}, key: 'aggregate id' }],
    });
    const groupId = `${topic}.handler`;
    let fixed = false;
    const deadLettered = messagesSeen(2);
    await bus.subscribe(
      { topics: [`${topic}.dlq`], groupId: `${topic}.watch`, fromBeginning: true },
      async (m) => deadLettered.seen(m),
    );
    const handled = messagesSeen(2);
    const handler = await bus.subscribe(
      { topics: [topic], groupId, fromBeginning: true, maxAttempts: 1 },
      async (m) => {
        if (!fixed) throw new Error('projection write failed');
        handled.seen(m);
      },
    );
    await bus.publish(topic, [
      { key: 'payment-1', value: { id: 1 }, headers: { 'x-trace-id': 'trace-1' } },
      { key: 'payment-2', value: { id: 2 } },
    ]);
    await deadLettered.done;

    fixed = true;
    const kafka = rawKafka();
    const lines: (string | null)[] = [];
    const first = await redriveDeadLetters(kafka, { topic, onRedriven: ({ reason }) => lines.push(reason) });
    await handled.done;

    expect(first).toEqual({ redriven: 2 });
    expect(lines).toEqual([
      expect.stringContaining('projection write failed'),
      expect.stringContaining('projection write failed'),
    ]);
    expect(handled.messages.map((m) => m.value)).toEqual(expect.arrayContaining([{ id: 1 }, { id: 2 }]));
    const one = handled.messages.find((m) => m.key === 'payment-1')!;
    expect(one.headers['x-trace-id']).toBe('trace-1');
    expect(Object.keys(one.headers).filter((name) => name.startsWith('x-dlq-'))).toEqual([]);
    expect(await redriveDeadLetters(kafka, { topic })).toEqual({ redriven: 0 });
    await handler.stop();
    const admin = kafka.admin();
    await admin.connect();
    // Cleanup as closeAndClean does it: a group the broker still sees as just left may refuse deletion.
    await admin
      .deleteGroups([`${topic}.dlq.redrive`])
      .catch(() => undefined)
      .finally(() => admin.disconnect());
  });

  it('finds nothing to redrive where nothing was ever dead-lettered', async () => {
    expect(await redriveDeadLetters(rawKafka(), { topic: `it.never.${uniqueSuffix()}` })).toEqual({
      redriven: 0,
    });
  });
});
