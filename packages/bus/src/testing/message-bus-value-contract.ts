import { MessageEncodeError } from '../encode-batch';
import type { BusHarness } from './bus-harness';

/** Tries to change a received value; a bus may hand out frozen values, where the attempt throws. */
function tryToChange(change: () => void): void {
  try {
    change();
  } catch {
    // frozen: the change was refused, which is fine
  }
}

/**
 * What a message's value is once published: what its encoding decodes to, for every consumer apart.
 * Kafka gives each consumer new objects from bytes; an in-process bus that shares one value between
 * consumers must keep it as unchangeable and as JSON-shaped as those bytes would.
 */
export function describeValueContract(h: BusHarness): void {
  describe('values', () => {
    it('keeps what a consumer changes in its message from other groups and the publisher', async () => {
      const topic = h.topic('isolation');
      const original = { paymentId: 'p-1', data: { amounts: ['0.1'], status: 'created' } };
      const value = structuredClone(original);
      let changed = 0;
      await h.subscribe(
        { topics: [topic], groupId: h.group('changer'), fromBeginning: true },
        async (message) => {
          const received = message.value as typeof original;
          tryToChange(() => {
            received.data.status = 'changed by a consumer';
          });
          tryToChange(() => received.data.amounts.push('pushed by a consumer'));
          changed++;
        },
      );
      const other = await h.collect({ topics: [topic], groupId: h.group('other'), fromBeginning: true });

      await h.bus.publish(topic, [{ key: 'p-1', value }]);

      await h.eventually(() => expect(changed).toBe(1));
      await h.eventually(() => expect(other).toHaveLength(1));
      expect(other[0]!.value).toEqual(original);
      expect(value).toEqual(original);
    });

    it('delivers what the publisher gave, not what it changed afterwards, and leaves its value its own', async () => {
      const topic = h.topic('after-publish');
      const received = await h.collect({ topics: [topic], groupId: h.group('after'), fromBeginning: true });
      const value = { paymentId: 'p-2', data: { amounts: ['0.2'] } };

      await h.bus.publish(topic, [{ key: 'p-2', value }]);
      value.data.amounts.push('changed by the publisher after publishing');
      value.paymentId = 'p-changed';

      await h.eventually(() => expect(received).toHaveLength(1));
      expect(received[0]!.value).toEqual({ paymentId: 'p-2', data: { amounts: ['0.2'] } });
      expect(value.data.amounts).toHaveLength(2);
    });

    it('delivers a value JSON would change as JSON carries it', async () => {
      const topic = h.topic('json-shape');
      const received = await h.collect({ topics: [topic], groupId: h.group('shape'), fromBeginning: true });
      class Amount {
        currency = 'BTC';
        describe(): string {
          return this.currency;
        }
      }
      const value = {
        at: new Date('2026-01-01T00:00:00Z'),
        gone: undefined,
        notANumber: Number.NaN,
        infinite: Number.POSITIVE_INFINITY,
        negativeZero: -0,
        list: [undefined, () => 1, 1],
        instance: new Amount(),
        map: new Map([['a', 1]]),
        custom: { toJSON: () => 'as JSON says' },
        nested: { kept: true, dropped: undefined },
      };
      const plain = { key: 'plain', value: { kept: [1, 'two', null, false], zero: 0 } };

      await h.bus.publish(topic, [{ key: 'shaped', value }, plain]);

      await h.eventually(() => expect(received).toHaveLength(2));
      const shaped = received.find((message) => message.key === 'shaped')!.value;
      expect(shaped).toStrictEqual(JSON.parse(JSON.stringify(value)));
      expect(shaped).toStrictEqual({
        at: '2026-01-01T00:00:00.000Z',
        notANumber: null,
        infinite: null,
        negativeZero: 0,
        list: [null, null, 1],
        instance: { currency: 'BTC' },
        map: {},
        custom: 'as JSON says',
        nested: { kept: true },
      });
      expect(Object.is((shaped as { negativeZero: number }).negativeZero, 0)).toBe(true);
      expect(received.find((message) => message.key === 'plain')!.value).toStrictEqual(plain.value);
    });

    it('refuses a batch with a value JSON cannot carry, publishing none of it', async () => {
      const topic = h.topic('unencodable');
      const received = await h.collect({ topics: [topic], groupId: h.group('refused'), fromBeginning: true });
      const cyclic: Record<string, unknown> = { id: 'cyclic' };
      cyclic.self = cyclic;

      for (const bad of [{ amount: 10n }, cyclic]) {
        const publishing = h.bus.publish(topic, [
          { key: 'k', value: { id: 'fine' } },
          { key: 'k', value: bad },
        ]);
        await expect(publishing).rejects.toBeInstanceOf(MessageEncodeError);
        await expect(publishing).rejects.toMatchObject({ index: 1, key: 'k' });
      }
      await h.bus.publish(topic, [{ key: 'k', value: { id: 'marker' } }]);

      await h.eventually(() => expect(received).toHaveLength(1));
      expect(received[0]!.value).toEqual({ id: 'marker' });
    });
  });
}
