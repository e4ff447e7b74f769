import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The two wire formats of `payments.events`: with a schema registry, the Confluent framing (magic
 * byte 0, the schema id as a 4-byte big-endian integer, then the JSON); without one, plain UTF-8
 * JSON, whose first byte is `{`. So one decoder reads both, and a topic that switched formats too.
 */
export class PaymentsEventsDecoder {
  private readonly registry: SchemaRegistry | null;

  constructor(registryUrl: string | null) {
    this.registry = registryUrl
      ? new SchemaRegistry(
          { host: registryUrl, clientId: 'events-consumer-example' },
          // The client's bundled ajv knows no `format: date-time`; and every version of one major
          // carries the same $id, which one ajv instance refuses to compile twice: a fresh one each.
          { [SchemaType.JSON]: { ajvInstance: { addSchema: refuseReferences, compile: compileFresh } } },
        )
      : null;
  }

  async decode(bytes: Buffer): Promise<unknown> {
    if (bytes[0] !== 0) return JSON.parse(bytes.toString('utf8'));
    if (!this.registry) throw new Error('a registry-framed message, but no registry URL was given');
    // The client fetches the writer's schema by id once, caches it, and validates the value with it.
    return this.registry.decode(bytes);
  }
}

/** The payments.events contract is self-contained: it never refers to another registered schema. */
function refuseReferences(): never {
  throw new Error('payments.events schemas carry no references');
}

function compileFresh(schema: object) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}
