import type { TopicMessages } from 'kafkajs';
import { ProduceBatcher } from '../src/kafka/produce-batcher';

/** A producer whose requests stay in flight until the test answers them, recording what each carried. */
function heldProducer() {
  const requests: { topicMessages: TopicMessages[]; answer(error?: Error): void }[] = [];
  const send = (topicMessages: TopicMessages[]) =>
    new Promise<void>((resolve, reject) => {
      requests.push({ topicMessages, answer: (error) => (error ? reject(error) : resolve()) });
    });
  const carried = (i: number) =>
    requests[i]!.topicMessages.map(({ topic, messages }) => [topic, messages.map((m) => String(m.value))]);
  return { requests, send, carried };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const message = (value: string) => ({ key: 'k', value });

describe('ProduceBatcher', () => {
  it('sends the first publish at once and the publishes made meanwhile together, in order', async () => {
    const producer = heldProducer();
    const batcher = new ProduceBatcher(producer.send);

    const first = batcher.send('commands', [message('c1')]);
    await settle();
    expect(producer.requests).toHaveLength(1);
    const later = [
      batcher.send('replies', [message('r1')]),
      batcher.send('commands', [message('c2'), message('c3')]),
      batcher.send('replies', [message('r2')]),
    ];
    await settle();
    expect(producer.requests).toHaveLength(1);

    producer.requests[0]!.answer();
    await first;
    await settle();

    expect(producer.requests).toHaveLength(2);
    expect(producer.carried(1)).toEqual([
      ['replies', ['r1', 'r2']],
      ['commands', ['c2', 'c3']],
    ]);
    producer.requests[1]!.answer();
    await Promise.all(later);
  });

  it('sends each publish of a refused request again on its own, so only the refused one fails', async () => {
    const producer = heldProducer();
    const batcher = new ProduceBatcher(producer.send);
    const first = batcher.send('t', [message('first')]);
    const good = batcher.send('t', [message('good')]);
    const bad = batcher.send('t', [message('too large')]);
    const badOutcome = bad.catch((error: unknown) => error);
    await settle();
    producer.requests[0]!.answer();
    await first;
    await settle();
    expect(producer.carried(1)).toEqual([['t', ['good', 'too large']]]);

    producer.requests[1]!.answer(new Error('MESSAGE_TOO_LARGE'));
    await settle();
    producer.requests[2]!.answer();
    await settle();
    producer.requests[3]!.answer(new Error('MESSAGE_TOO_LARGE'));

    await expect(good).resolves.toBeUndefined();
    expect(await badOutcome).toEqual(new Error('MESSAGE_TOO_LARGE'));
    expect([producer.carried(2), producer.carried(3)]).toEqual([[['t', ['good']]], [['t', ['too large']]]]);
  });
});
