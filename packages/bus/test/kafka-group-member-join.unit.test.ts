import { EventEmitter } from 'node:events';
import { KafkaGroupMember } from '../src/kafka/kafka-group-member';
import { CONSUMER_EVENTS, fakeMemberHost } from './support/fake-member-host';

const events = CONSUMER_EVENTS;

/** The part of a kafkajs consumer a member uses while joining; `run` plays the given script. */
function scriptedConsumer(script: (emit: (event: string, payload: object) => void) => void) {
  const emitter = new EventEmitter();
  const emit = (event: string, payload: object) => emitter.emit(event, { payload });
  const consumer = {
    events,
    on: (event: string, listener: (event: unknown) => void) => {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
    connect: async () => undefined,
    subscribe: async () => undefined,
    run: async () => script(emit),
    seek: () => undefined,
    commitOffsets: async () => undefined,
    disconnect: jest.fn(async () => undefined),
  };
  return consumer;
}

function member(consumer: ReturnType<typeof scriptedConsumer>, joinTimeoutMs = 60_000) {
  const host = fakeMemberHost(consumer, { joinTimeoutMs });
  return new KafkaGroupMember(
    host,
    { topics: ['payments'], groupId: 'g', fromBeginning: true },
    3,
    async () => undefined,
  );
}

const coordinatorLoading = Object.assign(
  new Error("The coordinator is loading and hence can't process requests for this group"),
  { retriable: true },
);

describe('KafkaGroupMember joining', () => {
  it('keeps waiting through a crash kafkajs restarts from, and joins when the restarted consumer does', async () => {
    const consumer = scriptedConsumer((emit) => {
      emit(events.CRASH, { error: coordinatorLoading, groupId: 'g', restart: true });
      setImmediate(() => emit(events.GROUP_JOIN, { memberAssignment: { payments: [0, 1] } }));
    });

    await expect(member(consumer).start()).resolves.toBeUndefined();
    expect(consumer.disconnect).not.toHaveBeenCalled();
  });

  it('fails the subscription on a crash kafkajs gives up on, and disconnects the consumer', async () => {
    const fatal = new Error('not authorized to access group');
    const consumer = scriptedConsumer((emit) =>
      emit(events.CRASH, { error: fatal, groupId: 'g', restart: false }),
    );

    await expect(member(consumer).start()).rejects.toBe(fatal);
    expect(consumer.disconnect).toHaveBeenCalled();
  });
});
