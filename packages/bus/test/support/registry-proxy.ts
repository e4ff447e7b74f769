import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The real registry the engines run (Apicurio, `scripts/infra`), at its Confluent-compatible API. */
export function realRegistryUrl(): string {
  const url = process.env.SCHEMA_REGISTRY_URL;
  if (!url) {
    throw new Error(
      'SCHEMA_REGISTRY_URL is unset: run through jest’s int project, whose global setup starts the registry with scripts/infra',
    );
  }
  return url.replace(/\/+$/, '');
}

/** How long a test's own request to the registry may take: a stuck request fails naming itself. */
const REGISTRY_GET_TIMEOUT_MS = 10_000;

/** GET a path of the real registry's Confluent API: [status, parsed body]. */
export async function registryGet(path: string): Promise<[number, unknown]> {
  try {
    const response = await fetch(`${realRegistryUrl()}${path}`, {
      signal: AbortSignal.timeout(REGISTRY_GET_TIMEOUT_MS),
    });
    return [response.status, await response.json()];
  } catch (error) {
    throw new Error(`GET ${path} on the registry failed: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * A forwarding proxy in front of the real registry that records the paths asked for and, while
 * `unavailable`, answers 503 as a registry that is down behind a load balancer would; while
 * `stalled`, it takes requests and never answers them (a registry stuck in a long pause). Everything
 * else (ids, compatibility, storage) is the real registry's.
 */
export class RegistryProxy {
  readonly paths: string[] = [];
  unavailable = false;
  stalled = false;
  private server: Server | undefined;
  private baseUrl = '';

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<void> {
    const target = new URL(realRegistryUrl());
    const server = createServer((incoming, outgoing) => {
      this.paths.push(incoming.url ?? '/');
      if (this.stalled) return;
      if (this.unavailable) {
        outgoing.writeHead(503, { 'content-type': 'application/json' });
        outgoing.end('{"error_code":50301,"message":"unavailable"}');
        return;
      }
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: `${target.pathname}${incoming.url ?? '/'}`,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', (error) => outgoing.destroy(error));
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
