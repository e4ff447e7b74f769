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
        throw refusal(topic, index, message, error);
      }
    }),
  );
}

/**
 * As {@link encodeBatch}, with a codec's `encodeValue`: the frozen values consumers get, for a bus that
 * keeps its messages in process. Refuses a batch exactly as encodeBatch does.
 */
export function encodeValueBatch(
  encodeValue: (topic: string, value: unknown) => unknown,
  topic: string,
  messages: OutgoingMessage[],
): unknown[] {
  return messages.map((message, index) => {
    try {
      return encodeValue(topic, message.value);
    } catch (error) {
      throw refusal(topic, index, message, error);
    }
  });
}

function refusal(topic: string, index: number, message: OutgoingMessage, error: unknown): Error {
  if (error instanceof CodecUnavailableError) return error;
  return new MessageEncodeError(topic, index, message.key, error);
}
