import type { MessageCodec } from './codec';
import { SchemaRegistryCodec } from './schema-registry-codec';
import { SchemaValidatingJsonCodec, type JsonSchema } from './schema-validating-json-codec';

export interface MessageCodecOptions {
  schemasByTopic: Record<string, JsonSchema>;
  /** SCHEMA_REGISTRY_URL: when set, the registry wire format; otherwise plain JSON checked by ajv. */
  schemaRegistryUrl: string | null;
  clientId?: string;
  /** SCHEMA_REGISTRY_TIMEOUT_MS: how long one registry request may go unanswered. */
  registryTimeoutMs?: number;
}

/** The codec the configuration asks for, ready to use (the registry codec has registered its subjects). */
export async function createMessageCodec(options: MessageCodecOptions): Promise<MessageCodec> {
  if (options.schemaRegistryUrl === null) return new SchemaValidatingJsonCodec(options.schemasByTopic);
  const codec = new SchemaRegistryCodec({
    url: options.schemaRegistryUrl,
    schemasByTopic: options.schemasByTopic,
    ...(options.clientId === undefined ? {} : { clientId: options.clientId }),
    ...(options.registryTimeoutMs === undefined ? {} : { requestTimeoutMs: options.registryTimeoutMs }),
  });
  await codec.start();
  return codec;
}
