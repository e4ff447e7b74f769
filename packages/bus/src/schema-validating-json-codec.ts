import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { JsonCodec, type MessageCodec } from './codec';

export type JsonSchema = Record<string, unknown>;

export class SchemaValidationError extends Error {
  constructor(
    readonly topic: string,
    readonly direction: 'encode' | 'decode',
    readonly errors: ErrorObject[],
  ) {
    const details = errors
      .map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
      .join('; ');
    super(`message on topic ${topic} does not match its schema (${direction}): ${details}`);
    this.name = 'SchemaValidationError';
  }
}

/**
 * Plain JSON checked by ajv against the topic's JSON Schema on both sides: a producer cannot publish
 * a message its consumers would reject, and a consumer never sees a value its schema does not allow.
 * Topics without a schema (dead-letter topics, ad-hoc internal topics) pass through as plain JSON.
 */
export class SchemaValidatingJsonCodec implements MessageCodec {
  private readonly json = new JsonCodec();
  private readonly validators = new Map<string, ValidateFunction>();
  /**
   * Bytes known valid for a topic: encoded here from a value that passed its schema, or already decoded
   * and checked. The embedded bus hands the very buffer it encoded to every consumer group (four on
   * payments.events), so in-process messages are checked once, at publish. Bytes from Kafka are new
   * buffers and are checked on their first decode.
   */
  private readonly validBytes = new WeakMap<Buffer, string>();

  constructor(schemasByTopic: Record<string, JsonSchema>) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    for (const [topic, schema] of Object.entries(schemasByTopic)) {
      this.validators.set(topic, ajv.compile(schema));
    }
  }

  encode(topic: string, value: unknown): Buffer {
    this.validate(topic, 'encode', value);
    const bytes = this.json.encode(topic, value);
    this.validBytes.set(bytes, topic);
    return bytes;
  }

  decode(topic: string, bytes: Buffer): unknown {
    const value = this.json.decode(topic, bytes);
    if (this.validBytes.get(bytes) === topic) return value;
    this.validate(topic, 'decode', value);
    this.validBytes.set(bytes, topic);
    return value;
  }

  private validate(topic: string, direction: 'encode' | 'decode', value: unknown): void {
    const validate = this.validators.get(topic);
    if (validate && !validate(value))
      throw new SchemaValidationError(topic, direction, validate.errors ?? []);
  }
}
