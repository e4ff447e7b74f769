import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry';

/** A middleware of the registry client's HTTP layer (mappersmith), as its constructor takes them. */
type RegistryMiddleware = NonNullable<ConstructorParameters<typeof SchemaRegistry>[0]['middlewares']>[number];

/** How long one registry request may go without an answer unless told otherwise. */
export const DEFAULT_SCHEMA_REGISTRY_TIMEOUT_MS = 10_000;

/**
 * The registry took a request and did not answer it in time. The client has no timeout of its own:
 * without one a registry that accepts the connection and never answers holds the caller for good.
 */
export class SchemaRegistryTimeoutError extends Error {
  constructor(
    /** The request, as `GET http://…/schemas/ids/7`. */
    readonly request: string,
    readonly timeoutMs: number,
    cause: unknown,
  ) {
    super(`the schema registry did not answer ${request} within ${timeoutMs} ms`, { cause });
    this.name = 'SchemaRegistryTimeoutError';
  }
}

/**
 * Gives every request of the registry client a timeout. The client's HTTP layer (mappersmith) then
 * aborts a request that gets no answer for that long and fails it, as it fails a network error.
 */
export function registryRequestTimeout(timeoutMs: number): RegistryMiddleware {
  return () => ({
    async prepareRequest(next) {
      return (await next()).enhance({ timeout: timeoutMs });
    },
  });
}

/**
 * The registry client's error for a request that timed out, as a SchemaRegistryTimeoutError; any
 * other error as it is. The client reports the timeout as an error with status 400 whose message
 * ends with mappersmith's own `Timeout (<ms>ms)`.
 */
export function asRegistryTimeout(error: unknown, timeoutMs: number): unknown {
  const failure = error as { status?: unknown; message?: unknown; url?: unknown } | null;
  const timedOut =
    failure?.status === 400 &&
    typeof failure.message === 'string' &&
    failure.message.endsWith(`Timeout (${timeoutMs}ms)`);
  if (!timedOut) return error;
  return new SchemaRegistryTimeoutError(requestOf(failure.url), timeoutMs, error);
}

/** The client names a request `get http://…`. */
function requestOf(url: unknown): string {
  if (typeof url !== 'string') return 'a request';
  const [method = '', ...target] = url.split(' ');
  return [method.toUpperCase(), ...target].join(' ');
}
