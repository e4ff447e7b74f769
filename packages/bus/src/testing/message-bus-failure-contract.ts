import type { IncomingMessage } from '../message-bus';
import { sleep, type BusHarness } from './bus-harness';

/** Retries, dead letters, starting positions, committed positions and graceful stop. */
export function describeFailureAndPositionContract(h: BusHarness): void {
  describe('failures and positions', () => {
    it('redelivers a message whose handler threw before the next message of its key', async () => {
      const topic = h.topic('redeliver');
      const handled: string[] = [];
      let failedOnce = false;
      await h.subscribe(
        { topics: [topic], groupId: h.group('redeliver'), fromBeginning: true },
        async (message) => {
          handled.push(message.value as string);
          if (message.value === 'second' && !failedOnce) {
            failedOnce = true;
            throw new Error('projection write failed');
          }
        },
      );

      await h.bus.publish(
        topic,
        ['first', 'second', 'third'].map((value) => ({ key: 'payment-1', value })),
      );

      await h.eventually(() => expect(handled).toEqual(['first', 'second', 'second', 'third']));
    });

    it('dead-letters a message after maxAttempts with the reason, topic and attempts in headers', async () => {
      const topic = h.topic('poison');
      const attempts = new Map<string, number>();
      const handled: string[] = [];
      await h.subscribe(
        { topics: [topic], groupId: h.group('poison'), fromBeginning: true, maxAttempts: 3 },
        async (message) => {
          const value = message.value as { id: string };
          attempts.set(value.id, (attempts.get(value.id) ?? 0) + 1);
          if (value.id === 'poison') throw new Error('cannot apply command 42');
          handled.push(value.id);
        },
      );
      const deadLetters = await h.collect({
        topics: [`${topic}.dlq`],
        groupId: h.group('dlq'),
        fromBeginning: true,
      });

      await h.bus.publish(topic, [
        { key: 'payment-9', value: { id: 'poison' }, headers: { 'x-trace-id': 'trace-9' } },
        { key: 'payment-9', value: { id: 'healthy' } },
      ]);

      await h.eventually(() => expect(deadLetters).toHaveLength(1));
      const [deadLetter] = deadLetters;
      expect(deadLetter).toMatchObject({ topic: `${topic}.dlq`, key: 'payment-9', value: { id: 'poison' } });
      expect(deadLetter?.headers['x-dlq-reason']).toContain('cannot apply command 42');
      expect(deadLetter?.headers['x-dlq-original-topic']).toBe(topic);
      expect(deadLetter?.headers['x-dlq-attempts']).toBe('3');
      expect(deadLetter?.headers['x-trace-id']).toBe('trace-9');
      await h.eventually(() => expect(handled).toEqual(['healthy']));
      expect(attempts.get('poison')).toBe(3);
      expect(h.bus.deadLetters()).toContainEqual({ topic, messages: 1 });
    });

    it('starts a new group at the earliest message with fromBeginning, otherwise at new messages only', async () => {
      const topic = h.topic('start');
      await h.bus.publish(topic, [{ key: 'k', value: 'before' }]);
      const fromBeginning = await h.collect({
        topics: [topic],
        groupId: h.group('early'),
        fromBeginning: true,
      });
      const fromNow = await h.collect({ topics: [topic], groupId: h.group('late'), fromBeginning: false });

      await h.bus.publish(topic, [{ key: 'k', value: 'after' }]);

      await h.eventually(() => {
        expect(fromBeginning.map((message) => message.value)).toEqual(['before', 'after']);
        expect(fromNow.map((message) => message.value)).toEqual(['after']);
      });
    });

    it('resumes a group after its committed position when it subscribes again', async () => {
      const topic = h.topic('resume');
      const groupId = h.group('resume');
      const firstRun = await h.collect({ topics: [topic], groupId, fromBeginning: true });
      await h.bus.publish(topic, [{ key: 'k', value: 'handled before the restart' }]);
      await h.eventually(() => expect(firstRun).toHaveLength(1));
      await h.stopAll();

      await h.bus.publish(topic, [{ key: 'k', value: 'published while down' }]);
      const secondRun = await h.collect({ topics: [topic], groupId, fromBeginning: true });

      await h.eventually(() =>
        expect(secondRun.map((message) => message.value)).toEqual(['published while down']),
      );
    });

    it('reports the messages a group has not committed yet, and none once it handled them', async () => {
      const topic = h.topic('lag');
      const groupId = h.group('lag');
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const handled: unknown[] = [];
      await h.subscribe({ topics: [topic], groupId, fromBeginning: true }, async (message) => {
        await gate;
        handled.push(message.value);
      });
      const lag = async () =>
        (await h.bus.consumerLag()).find((entry) => entry.groupId === groupId && entry.topic === topic)
          ?.messages;

      await h.bus.publish(
        topic,
        ['first', 'second', 'third'].map((value) => ({ key: 'payment-1', value })),
      );
      await h.until(async () => (await lag()) === 3);
      release();

      await h.until(async () => (await lag()) === 0);
      expect(handled).toEqual(['first', 'second', 'third']);
    });

    it('stop() waits for the in-flight handler to finish', async () => {
      const topic = h.topic('graceful');
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = false;
      let finished = false;
      const subscription = await h.subscribe(
        { topics: [topic], groupId: h.group('graceful'), fromBeginning: true },
        async () => {
          started = true;
          await gate;
          finished = true;
        },
      );
      await h.bus.publish(topic, [{ key: 'k', value: 'slow webhook' }]);
      await h.eventually(() => expect(started).toBe(true));

      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      await sleep(50);
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(finished).toBe(true);
    });

    it('delivers nothing to a subscription after it stopped', async () => {
      const topic = h.topic('stopped');
      const received: IncomingMessage[] = [];
      const subscription = await h.subscribe(
        { topics: [topic], groupId: h.group('stopped'), fromBeginning: true },
        async (message) => {
          received.push(message);
        },
      );
      await subscription.stop();

      await h.bus.publish(topic, [{ key: 'k', value: 'too late' }]);

      await sleep(100);
      expect(received).toEqual([]);
    });
  });
}
