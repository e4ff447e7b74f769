import type { IncomingMessage } from '../message-bus';
import { sleep, type BusHarness } from './bus-harness';

const valuesOf = (messages: IncomingMessage[]) => messages.map((message) => message.value);

/** Delivery, per-key ordering, fan-out across groups and work sharing within a group. */
export function describeDeliveryContract(h: BusHarness): void {
  describe('delivery', () => {
    it('delivers topic, key, value and headers unchanged through the codec', async () => {
      const topic = h.topic('roundtrip');
      const received = await h.collect({
        topics: [topic],
        groupId: h.group('roundtrip'),
        fromBeginning: true,
      });
      const value = {
        paymentId: 'p-1',
        payAmount: '0.00123',
        nested: { list: [1, 'two', null, true] },
        zero: 0,
      };

      await h.bus.publish(topic, [
        { key: 'p-1', value, headers: { 'x-trace-id': 'trace-1' } },
        { key: 'p-2', value: 'a bare string' },
      ]);

      await h.eventually(() => expect(received).toHaveLength(2));
      const withHeaders = received.find((message) => message.key === 'p-1');
      expect(withHeaders).toMatchObject({ topic, key: 'p-1', value, headers: { 'x-trace-id': 'trace-1' } });
      expect(typeof withHeaders?.offset).toBe('string');
      const bare = received.find((message) => message.key === 'p-2');
      expect(bare?.value).toBe('a bare string');
      expect(typeof bare?.headers).toBe('object');
    });

    it('never runs a handler inside the publisher’s call stack', async () => {
      const topic = h.topic('async');
      let publishing = false;
      const seenWhilePublishing: boolean[] = [];
      await h.subscribe({ topics: [topic], groupId: h.group('async'), fromBeginning: true }, async () => {
        seenWhilePublishing.push(publishing);
      });

      publishing = true;
      const published = h.bus.publish(topic, [{ key: 'k', value: 1 }]);
      publishing = false;
      await published;

      await h.eventually(() => expect(seenWhilePublishing).toEqual([false]));
    });

    it('keeps publish order per key while many keys are published concurrently', async () => {
      const topic = h.topic('order');
      const keys = Array.from({ length: 6 }, (_, i) => `payment-${i}`);
      const perKey = 30;
      const seen = new Map<string, number[]>(keys.map((key) => [key, []]));
      await h.subscribe(
        { topics: [topic], groupId: h.group('order'), fromBeginning: true },
        async (message) => {
          const sequence = message.value as number;
          if (sequence % 7 === 0) await sleep(1);
          seen.get(message.key)!.push(sequence);
        },
      );

      await Promise.all(
        keys.map(async (key) => {
          // Alternate single sends and batches: both must keep their order.
          for (let sequence = 0; sequence < perKey;) {
            const batch = sequence % 2 === 0 ? 3 : 1;
            const messages = Array.from({ length: Math.min(batch, perKey - sequence) }, (_, i) => ({
              key,
              value: sequence + i,
            }));
            await h.bus.publish(topic, messages);
            sequence += messages.length;
          }
        }),
      );

      const expected = Array.from({ length: perKey }, (_, i) => i);
      await h.eventually(() => {
        for (const key of keys) expect(seen.get(key)).toEqual(expected);
      });
    });

    it('delivers every message to every consumer group', async () => {
      const topic = h.topic('fanout');
      const projector = await h.collect({
        topics: [topic],
        groupId: h.group('projector'),
        fromBeginning: true,
      });
      const notifier = await h.collect({
        topics: [topic],
        groupId: h.group('notifier'),
        fromBeginning: true,
      });
      const ids = Array.from({ length: 20 }, (_, i) => `event-${i}`);

      await h.bus.publish(
        topic,
        ids.map((id, i) => ({ key: `stream-${i % 4}`, value: id })),
      );

      await h.eventually(() => {
        expect(new Set(valuesOf(projector))).toEqual(new Set(ids));
        expect(new Set(valuesOf(notifier))).toEqual(new Set(ids));
      });
    });

    it('shares the work between the members of one group, each message handled once', async () => {
      const topic = h.topic('share');
      const groupId = h.group('share');
      const first = await h.collect({ topics: [topic], groupId, fromBeginning: true });
      const second = await h.collect({ topics: [topic], groupId, fromBeginning: true });
      const ids = Array.from({ length: 60 }, (_, i) => `command-${i}`);

      await h.bus.publish(
        topic,
        ids.map((id) => ({ key: id, value: id })),
      );

      await h.eventually(() =>
        expect(new Set([...valuesOf(first), ...valuesOf(second)])).toEqual(new Set(ids)),
      );
      expect(first.length + second.length).toBe(ids.length);
      expect(first.length).toBeGreaterThan(0);
      expect(second.length).toBeGreaterThan(0);
    });

    it('never hands one key to two members at once and keeps its order across members', async () => {
      const topic = h.topic('exclusive');
      const groupId = h.group('exclusive');
      const active = new Map<string, number>();
      const overlaps: string[] = [];
      const seen = new Map<string, number[]>();
      const handler = async (message: IncomingMessage) => {
        const running = (active.get(message.key) ?? 0) + 1;
        active.set(message.key, running);
        if (running > 1) overlaps.push(message.key);
        await sleep(1);
        seen.set(message.key, [...(seen.get(message.key) ?? []), message.value as number]);
        active.set(message.key, running - 1);
      };
      for (let member = 0; member < 3; member++) {
        await h.subscribe({ topics: [topic], groupId, fromBeginning: true }, handler);
      }
      const keys = ['aggregate-a', 'aggregate-b', 'aggregate-c', 'aggregate-d'];
      const perKey = 15;

      for (let sequence = 0; sequence < perKey; sequence++) {
        await h.bus.publish(
          topic,
          keys.map((key) => ({ key, value: sequence })),
        );
      }

      const expected = Array.from({ length: perKey }, (_, i) => i);
      await h.eventually(() => {
        for (const key of keys) expect(seen.get(key)).toEqual(expected);
      });
      expect(overlaps).toEqual([]);
    });

    it('hands the partitions of a member that stopped to the remaining members', async () => {
      const topic = h.topic('handover');
      const groupId = h.group('handover');
      const leaving = await h.subscribe(
        { topics: [topic], groupId, fromBeginning: true },
        async () => undefined,
      );
      const staying = await h.collect({ topics: [topic], groupId, fromBeginning: true });

      await leaving.stop();
      const ids = Array.from({ length: 30 }, (_, i) => `after-stop-${i}`);
      await h.bus.publish(
        topic,
        ids.map((id) => ({ key: id, value: id })),
      );

      await h.eventually(() => expect(new Set(valuesOf(staying))).toEqual(new Set(ids)));
    });

    it('skips the messages whose headers `accepts` refuses, moving the position past them', async () => {
      const topic = h.topic('accepts');
      const groupId = h.group('accepts');
      const headersSeen: string[] = [];
      const received = await h.collect({
        topics: [topic],
        groupId,
        fromBeginning: true,
        accepts: (headers) => {
          headersSeen.push(headers['x-kind'] ?? 'none');
          return headers['x-kind'] !== 'other';
        },
      });
      const everyone = await h.collect({
        topics: [topic],
        groupId: h.group('accepts-all'),
        fromBeginning: true,
      });

      await h.bus.publish(topic, [
        { key: 'p-1', value: 1, headers: { 'x-kind': 'wanted' } },
        { key: 'p-1', value: 2, headers: { 'x-kind': 'other' } },
        { key: 'p-1', value: 3 },
        { key: 'p-1', value: 4, headers: { 'x-kind': 'other' } },
        { key: 'p-1', value: 5, headers: { 'x-kind': 'wanted' } },
      ]);

      await h.eventually(() => expect(everyone).toHaveLength(5));
      await h.eventually(() => expect(valuesOf(received)).toEqual([1, 3, 5]));
      expect(headersSeen).toEqual(['wanted', 'other', 'none', 'other', 'wanted']);
      // The skipped messages count as handled: nothing of the topic is left for the group.
      await h.until(async () =>
        (await h.bus.consumerLag()).every((lag) => lag.groupId !== groupId || lag.messages === 0),
      );
    });

    it('delivers several topics to one subscription, each with its topic name', async () => {
      const commands = h.topic('multi-commands');
      const deposits = h.topic('multi-deposits');
      const received = await h.collect({
        topics: [commands, deposits],
        groupId: h.group('multi'),
        fromBeginning: true,
      });

      await h.bus.publish(commands, [{ key: 'p-1', value: 'create' }]);
      await h.bus.publish(deposits, [{ key: 'addr-1', value: 'seen' }]);

      await h.eventually(() => expect(received).toHaveLength(2));
      expect(received.map((message) => [message.topic, message.value]).sort()).toEqual(
        [
          [commands, 'create'],
          [deposits, 'seen'],
        ].sort(),
      );
    });
  });
}
