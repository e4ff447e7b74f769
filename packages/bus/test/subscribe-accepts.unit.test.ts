import { InProcessBus, JsonCodec, type IncomingMessage } from '../src';
import { eventually } from '../src/testing';

/** `accepts` saves the decoding of what a group would drop (the contract checks delivery and position). */
describe('a subscription that accepts some messages by their headers (in-process bus)', () => {
  it('decodes only the messages it accepts', async () => {
    const decoded: unknown[] = [];
    const codec = new JsonCodec();
    const bus = new InProcessBus({
      codec: {
        encode: (topic, value) => codec.encode(topic, value),
        decode: (topic, bytes) => {
          const value = codec.decode(topic, bytes);
          decoded.push(value);
          return value;
        },
      },
    });
    const received: IncomingMessage[] = [];
    await bus.subscribe(
      {
        topics: ['t'],
        groupId: 'g',
        fromBeginning: true,
        accepts: (headers) => headers['x-kind'] === 'wanted',
      },
      async (message) => {
        received.push(message);
      },
    );

    await bus.publish('t', [
      { key: 'k', value: 'skipped', headers: { 'x-kind': 'other' } },
      { key: 'k', value: 'handled', headers: { 'x-kind': 'wanted' } },
    ]);

    await eventually(() => expect(received.map((message) => message.value)).toEqual(['handled']), 3_000);
    expect(decoded).toEqual(['handled']);
    await bus.close();
  });
});
