import type { MessageCodec } from './codec';
import type {
  ConsumerLag,
  DeadLetterCount,
  IncomingMessage,
  MessageBus,
  MessageHandler,
  OutgoingMessage,
  SubscribeOptions,
  Subscription,
} from './message-bus';

const DLQ_ORIGINAL_TOPIC = 'x-dlq-original-topic';

/**
 * Several deployments (or test runs) on one Kafka cluster: every topic and consumer group gets a
 * prefix on the wire, while services keep using the contract's topic names. An empty prefix is the
 * bus itself.
 */
export function namespacedBus(bus: MessageBus, prefix: string): MessageBus {
  if (prefix === '') return bus;
  const logical = (topic: string) => (topic.startsWith(prefix) ? topic.slice(prefix.length) : topic);
  const unprefixed = (message: IncomingMessage): IncomingMessage => {
    const original = message.headers[DLQ_ORIGINAL_TOPIC];
    return {
      ...message,
      topic: logical(message.topic),
      headers:
        original === undefined
          ? message.headers
          : { ...message.headers, [DLQ_ORIGINAL_TOPIC]: logical(original) },
    };
  };
  return {
    publish: (topic: string, messages: OutgoingMessage[]) => bus.publish(`${prefix}${topic}`, messages),
    subscribe: (options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> =>
      bus.subscribe(
        {
          ...options,
          topics: options.topics.map((topic) => `${prefix}${topic}`),
          groupId: `${prefix}${options.groupId}`,
        },
        (message) => handler(unprefixed(message)),
      ),
    consumerLag: async (): Promise<ConsumerLag[]> =>
      (await bus.consumerLag())
        .filter((lag) => lag.groupId.startsWith(prefix))
        .map((lag) => ({ ...lag, groupId: lag.groupId.slice(prefix.length), topic: logical(lag.topic) })),
    deadLetters: (): DeadLetterCount[] =>
      bus
        .deadLetters()
        .filter((count) => count.topic.startsWith(prefix))
        .map((count) => ({ ...count, topic: logical(count.topic) })),
    close: () => bus.close(),
  };
}

/** The codec of a namespaced bus: schemas are looked up by the contract's topic name. */
export function namespacedCodec(codec: MessageCodec, prefix: string): MessageCodec {
  if (prefix === '') return codec;
  const logical = (topic: string) => (topic.startsWith(prefix) ? topic.slice(prefix.length) : topic);
  const namespaced: MessageCodec = {
    encode: (topic, value) => codec.encode(logical(topic), value),
    decode: (topic, bytes) => codec.decode(logical(topic), bytes),
  };
  const { encodeValue } = codec;
  if (encodeValue) namespaced.encodeValue = (topic, value) => encodeValue.call(codec, logical(topic), value);
  return namespaced;
}
