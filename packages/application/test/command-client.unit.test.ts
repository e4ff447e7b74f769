import { InProcessBus, isReplyInboxOf, replyTo, type MessageBus, type SubscribeOptions } from '@gw/bus';
import { TOPICS, type CommandMessage, type ReplyMessage } from '@gw/contracts';
import { CommandClient } from '../src/command-client';

/** An in-process bus that counts the subscriptions made to a reply inbox. */
function countingBus(): { bus: MessageBus; repliesJoins: () => number } {
  const inner = new InProcessBus();
  let joins = 0;
  const bus = Object.create(inner) as MessageBus;
  bus.subscribe = (options: SubscribeOptions, handler) => {
    if (options.topics.some((topic) => isReplyInboxOf(TOPICS.replies, topic))) joins++;
    return inner.subscribe(options, handler);
  };
  return { bus, repliesJoins: () => joins };
}

async function answerCommands(bus: MessageBus) {
  return bus.subscribe({ topics: [TOPICS.commands], groupId: 'payments' }, async (message) => {
    const command = message.value as CommandMessage;
    const reply: ReplyMessage = {
      ok: true,
      commandId: command.commandId,
      streamId: command.streamId,
      version: 1,
      eventTypes: ['PaymentCreated'],
    };
    await replyTo(bus, TOPICS.replies, message, reply);
  });
}

const expire = { type: 'ExpirePayment', data: {} } as never;

describe('CommandClient', () => {
  it('joins the replies topic on the first send when it was not started', async () => {
    const { bus, repliesJoins } = countingBus();
    const payments = await answerCommands(bus);
    const client = new CommandClient(bus, 5_000);
    expect(repliesJoins()).toBe(0);

    const reply = await client.send('payment-1', 'merchant-1', expire);

    expect(reply).toMatchObject({ ok: true, streamId: 'payment-1', eventTypes: ['PaymentCreated'] });
    expect(repliesJoins()).toBe(1);
    await client.stop();
    await payments.stop();
  });

  it('joins once however often it is started and sent through', async () => {
    const { bus, repliesJoins } = countingBus();
    const payments = await answerCommands(bus);
    const client = new CommandClient(bus, 5_000);

    await Promise.all([client.start(), client.start()]);
    await Promise.all([1, 2, 3].map((n) => client.send(`payment-${n}`, 'merchant-1', expire)));

    expect(repliesJoins()).toBe(1);
    await client.stop();
    await payments.stop();
  });

  it('never joins when stopped before any send', async () => {
    const { bus, repliesJoins } = countingBus();
    const client = new CommandClient(bus, 5_000);

    await client.stop();

    expect(repliesJoins()).toBe(0);
  });
});
