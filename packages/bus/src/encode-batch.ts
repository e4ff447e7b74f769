import { CodecUnavailableError, type MessageCodec } from './codec';
import type { OutgoingMessage } from './message-bus';

/**
 * One message of a batch the codec refused (a schema violation, a value JSON cannot carry): nothing of
 * the batch was published. `index` names the message, so a publisher can set that one aside and send the
 * rest. A codec that could not reach its registry throws CodecUnavailableError instead: the same message
 * may pass later.
 */
export class MessageEncodeError extends Error {
  constructor(
    readonly topic: string,
    readonly index: number,
    readonly key: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(`message ${index} (key ${key}) of a batch to ${topic} cannot be encoded: ${reason}`, { cause });
    this.name = 'MessageEncodeError';
  }
}

/** Encodes the whole batch before anything is sent: one message the codec refuses publishes nothing. */
export async function encodeBatch(
  codec: MessageCodec,
  topic: string,
  messages: OutgoingMessage[],
): Promise<Buffer[]> {
  return Promise.all(
    messages.map(async (message, index) => {
      try {
        return await codec.encode(topic, message.value);
      } catch (error) {
        if (error instanceof CodecUnavailableError) throw error;
        throw new MessageEncodeError(topic, index, message.key, error);
      }
    }),
  );
}
