import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { deepFreeze, frozenJsonCopy, NOT_PLAIN_JSON } from '@gw/platform';
import { JsonCodec, type MessageCodec } from './codec';
import { contractTopicOf } from './reply-inbox';

export type JsonSchema = Record<string, unknown>;

const MAX_NAMED_VIOLATIONS = 5;

export class SchemaValidationError extends Error {
  constructor(
    readonly topic: string,
    readonly direction: 'encode' | 'decode',
    readonly errors: ErrorObject[],
  ) {
    // The first few only: a schema with many branches (payments.events) reports every branch's
    // violations, hundreds of KB for one bad field, and this message ends up in logs and dead-letter headers.
    const named = errors
      .slice(0, MAX_NAMED_VIOLATIONS)
      .map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
    const more = errors.length > named.length ? `; and ${errors.length - named.length} more` : '';
    super(`message on topic ${topic} does not match its schema (${direction}): ${named.join('; ')}${more}`);
    this.name = 'SchemaValidationError';
  }
}

/**
 * Plain JSON checked by ajv against the topic's JSON Schema on both sides: a producer cannot publish
 * a message its consumers would reject, and a consumer never sees a value its schema does not allow.
 * Topics without a schema (dead-letter topics, ad-hoc internal topics) pass through as plain JSON; a
 * reply inbox follows its replies topic's schema ({@link contractTopicOf}).
 */
export class SchemaValidatingJsonCodec implements MessageCodec {
  private readonly json = new JsonCodec();
  private readonly validators = new Map<string, Validator>();
  /** Bytes this codec encoded from a value that passed the topic's schema: their first decode skips the check. */
  private readonly encodedValid = new WeakMap<Buffer, string>();
  /**
   * What bytes decoded to, frozen. The embedded bus hands the very buffer it encoded to every consumer
   * group (four on payments.events), so an in-process message is parsed and checked once and its
   * consumers share one value; freezing it keeps one consumer from changing what the next one reads,
   * and makes a consumer that mutates a message fail the same way on Kafka, where buffers are new.
   */
  private readonly decoded = new WeakMap<Buffer, { topic: string; value: unknown }>();

  constructor(schemasByTopic: Record<string, JsonSchema>) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    for (const [topic, schema] of Object.entries(schemasByTopic)) {
      this.validators.set(topic, compileByType(ajv, schema));
    }
  }

  encode(topic: string, value: unknown): Buffer {
    this.validate(topic, 'encode', value);
    const bytes = this.json.encode(topic, value);
    this.encodedValid.set(bytes, topic);
    return bytes;
  }

  /**
   * What `decode(topic, encode(topic, value))` gives, checked once, without a string or bytes: a frozen
   * copy of plain JSON data, checked against the schema as encode checks it. A value JSON would change
   * (a Date, an undefined field, NaN, a class instance) takes the JSON round trip after the same
   * check, so a consumer gets what Kafka would deliver; one JSON cannot carry is refused as by encode.
   */
  encodeValue(topic: string, value: unknown): unknown {
    const copy = frozenJsonCopy(value);
    if (copy !== NOT_PLAIN_JSON) {
      this.validate(topic, 'encode', copy);
      return copy;
    }
    this.validate(topic, 'encode', value);
    return deepFreeze(this.json.decode(topic, this.json.encode(topic, value)));
  }

  decode(topic: string, bytes: Buffer): unknown {
    const known = this.decoded.get(bytes);
    if (known?.topic === topic) return known.value;
    const value = deepFreeze(this.json.decode(topic, bytes));
    if (this.encodedValid.get(bytes) !== topic) this.validate(topic, 'decode', value);
    this.decoded.set(bytes, { topic, value });
    return value;
  }

  private validate(topic: string, direction: 'encode' | 'decode', value: unknown): void {
    const validate = this.validators.get(contractTopicOf(topic));
    if (validate && !validate(value))
      throw new SchemaValidationError(topic, direction, validate.errors ?? []);
  }
}

/** A compiled check of one topic's messages, with ajv's errors of its last refusal. */
export interface Validator {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * The topic's schema as one validator, which for a schema whose `anyOf` branches each fix `type` to a
 * constant (payments.events: one branch per event type) first picks the branches of the message's
 * type. A message of type T can only match the branches fixing T, since every other one refuses its
 * `type`, so checking the rest of the schema with those branches alone accepts exactly what the whole
 * schema accepts. The whole one ran each failing branch to its end (ajv collecting every error): for
 * an event late in the list, dozens of data checks before its own, on every publish and consume.
 * A message whose type fixes no branch gets the whole schema and its report.
 */
export function compileByType(ajv: Ajv, schema: JsonSchema): Validator {
  const whole = ajv.compile(schema);
  const { anyOf: branches, $id: _id, ...rest } = schema;
  if (!Array.isArray(branches)) return whole;
  const byType = new Map<string, Record<string, unknown>[]>();
  for (const branch of branches as Record<string, unknown>[]) {
    const fixed = (branch.properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
    if (typeof fixed !== 'string') return whole;
    byType.set(fixed, [...(byType.get(fixed) ?? []), branch]);
  }
  const compiled = new Map<string, Validator>();
  const validate: Validator = (value) => {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    const ofType = typeof type === 'string' ? byType.get(type) : undefined;
    let check: Validator = whole;
    if (ofType && typeof type === 'string') {
      check = compiled.get(type) ?? ajv.compile({ ...rest, anyOf: ofType });
      compiled.set(type, check);
    }
    const valid = check(value);
    validate.errors = check.errors;
    return valid;
  };
  return validate;
}
