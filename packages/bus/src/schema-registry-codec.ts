import { COMPATIBILITY, SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { deepFreeze } from '@gw/platform';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { CodecUnavailableError, JsonCodec, type MessageCodec } from './codec';
import { contractTopicOf } from './reply-inbox';
import {
  asRegistryTimeout,
  DEFAULT_SCHEMA_REGISTRY_TIMEOUT_MS,
  registryRequestTimeout,
  SchemaRegistryTimeoutError,
} from './schema-registry-timeout';
import {
  compileByType,
  SchemaValidationError,
  type JsonSchema,
  type Validator,
} from './schema-validating-json-codec';

export interface SchemaRegistryCodecOptions {
  /** The registry's base URL (SCHEMA_REGISTRY_URL). */
  url: string;
  /** Topic → JSON Schema; each is registered as subject `<topic>-value` at start. */
  schemasByTopic: Record<string, JsonSchema>;
  clientId?: string;
  /** How long one registry request may go unanswered (SCHEMA_REGISTRY_TIMEOUT_MS). Default 10 s. */
  requestTimeoutMs?: number;
}

/** The Confluent wire format: magic byte 0, a 4-byte schema id, then the payload. */
const MAGIC_BYTE = 0;

export const valueSubjectFor = (topic: string) => `${topic}-value`;

function contractAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/**
 * The schema-registry path of the message codec: JSON Schema subjects with BACKWARD compatibility,
 * values in the Confluent wire format. Producers validate against the local contract schema (the
 * same errors as the ajv-only codec) before encoding; consumers decode with the writer's schema,
 * fetched by id, and check the value against their own contract schema too.
 * Topics without a schema (ad-hoc internal topics) stay plain JSON; a dead-letter topic carries the
 * original's wire-format bytes, which decode through the registry like the original.
 */
export class SchemaRegistryCodec implements MessageCodec {
  private readonly registry: SchemaRegistry;
  private readonly json = new JsonCodec();
  private readonly validators = new Map<string, Validator>();
  private readonly schemaIds = new Map<string, number>();
  private readonly timeoutMs: number;

  constructor(private readonly options: SchemaRegistryCodecOptions) {
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_SCHEMA_REGISTRY_TIMEOUT_MS;
    this.registry = new SchemaRegistry(
      {
        host: options.url,
        clientId: options.clientId ?? 'gateway',
        middlewares: [registryRequestTimeout(this.timeoutMs)],
      },
      {
        [SchemaType.JSON]: {
          // The client's own ajv (v7, no formats) rejects the contracts' `format: date-time`; and a
          // fresh instance per compile lets one process compile two versions carrying the same $id.
          ajvInstance: {
            addSchema: () => {
              throw new Error('the contract schemas are self-contained: schema references are not supported');
            },
            compile: (schema: object) => compileByType(contractAjv(), schema as JsonSchema),
          },
        },
      },
    );
    const ajv = contractAjv();
    for (const [topic, schema] of Object.entries(options.schemasByTopic)) {
      this.validators.set(topic, compileByType(ajv, schema));
    }
  }

  /**
   * Registers every topic's schema under `<topic>-value` (a no-op for an unchanged schema) and sets
   * the subject's compatibility to BACKWARD when it is new. A schema the registry finds incompatible,
   * or a subject configured with another compatibility, fails the start.
   */
  async start(): Promise<void> {
    for (const [topic, schema] of Object.entries(this.options.schemasByTopic)) {
      const subject = valueSubjectFor(topic);
      try {
        const { id } = await this.registry.register(
          { type: SchemaType.JSON, schema: JSON.stringify(schema) },
          { subject, compatibility: COMPATIBILITY.BACKWARD },
        );
        this.schemaIds.set(topic, id);
      } catch (failure) {
        const error = asRegistryTimeout(failure, this.timeoutMs);
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`could not register the schema of ${topic} as ${subject}: ${reason}`, {
          cause: error,
        });
      }
    }
  }

  /** The registry id each topic's messages are written with, once started. */
  schemaIdOf(topic: string): number | undefined {
    return this.schemaIds.get(topic);
  }

  /** A reply inbox's messages are written with its replies topic's schema (subject `<replies>-value`). */
  async encode(topic: string, value: unknown): Promise<Buffer> {
    const contract = contractTopicOf(topic);
    const validate = this.validators.get(contract);
    if (!validate) return this.json.encode(topic, value);
    const id = this.schemaIds.get(contract);
    if (id === undefined) throw new Error(`SchemaRegistryCodec.encode(${topic}) called before start()`);
    if (!validate(value)) throw new SchemaValidationError(topic, 'encode', validate.errors ?? []);
    return this.registry.encode(id, value);
  }

  async decode(topic: string, bytes: Buffer): Promise<unknown> {
    const validate = this.validators.get(contractTopicOf(topic));
    if (bytes[0] !== MAGIC_BYTE) {
      if (validate) {
        throw new Error(`message on ${topic} is not in the schema registry wire format`);
      }
      return deepFreeze(this.json.decode(topic, bytes));
    }
    let value: unknown;
    try {
      value = await this.registry.decode(bytes);
    } catch (failure) {
      const error = asRegistryTimeout(failure, this.timeoutMs);
      if (isRegistryUnreachable(error)) throw new CodecUnavailableError(topic, error);
      throw error;
    }
    if (validate && !validate(value)) throw new SchemaValidationError(topic, 'decode', validate.errors ?? []);
    // Frozen like the ajv-only codec's values, so a consumer that mutates a message fails on both paths.
    return deepFreeze(value);
  }
}

/**
 * The client reports every HTTP failure, network errors included (mappersmith turns those into a
 * status 400 response), as an error with a `status`. Only 404 (no schema with that id) says the
 * message itself is bad; anything else may pass, so the message must be retried, not dead-lettered.
 */
function isRegistryUnreachable(error: unknown): boolean {
  if (error instanceof SchemaRegistryTimeoutError) return true;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status !== 404;
}
