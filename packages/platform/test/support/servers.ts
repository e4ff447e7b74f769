import type { RequestListener } from 'node:http';
import { createHttpServer, type HttpServer, type HttpServerOptions } from '../../src';

const started: HttpServer[] = [];

/** Starts on 127.0.0.1 port 0; call stopStartedServers in afterEach. */
export async function startServer(
  app: RequestListener,
  options: HttpServerOptions = {},
): Promise<HttpServer & { port: number }> {
  const server = createHttpServer(app, options);
  const address = await server.start(0, '127.0.0.1');
  started.push(server);
  return Object.assign(server, { port: address.port });
}

export async function stopStartedServers(): Promise<void> {
  await Promise.all(started.splice(0).map((server) => server.stop(200)));
}
