/**
 * How message values become bytes on the wire. The embedded bus goes through the same codec as Kafka,
 * so a value that would not survive Kafka (a Date, a bigint, a schema violation) fails the same way in
 * embedded mode.
 */
export interface MessageCodec {
  encode(topic: string, value: unknown): Buffer | Promise<Buffer>;
  decode(topic: string, bytes: Buffer): unknown | Promise<unknown>;
  /**
   * For a bus that keeps its messages in the publisher's process: what every consumer would get from
   * `decode(topic, encode(topic, value))`, without the bytes. It refuses exactly what `encode` refuses
   * (throwing the same errors), and answers a value frozen all the way down, so that consumers may
   * share it: neither a consumer nor the publisher can change what the others see. A codec whose
   * decoded values are not frozen, or that needs the bytes, does not offer it.
   */
  encodeValue?(topic: string, value: unknown): unknown;
}

/** Plain JSON, UTF-8. */
export class JsonCodec implements MessageCodec {
  encode(_topic: string, value: unknown): Buffer {
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError(`cannot encode ${typeof value} as JSON`);
    return Buffer.from(json, 'utf8');
  }

  decode(_topic: string, bytes: Buffer): unknown {
    return JSON.parse(bytes.toString('utf8'));
  }
}

/**
 * The codec could not reach something it needs (a schema registry) to decode a message that may be
 * perfectly good: consumers retry it instead of dead-lettering it as undecodable.
 */
export class CodecUnavailableError extends Error {
  constructor(
    readonly topic: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`cannot decode messages on ${topic} for now: ${reason}`, { cause });
    this.name = 'CodecUnavailableError';
  }
}
