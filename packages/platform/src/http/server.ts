import http, { type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { DEFAULT_ALLOWED_METHODS, refuseConnect, routeRequestTarget } from './request-target';

export interface HttpServerOptions {
  logger?: Logger;
  /** Time allowed to receive the request headers; a slow-loris client is cut off after it. Default 10 s. */
  headersTimeoutMs?: number;
  /** Time allowed to receive the whole request. Default 30 s. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open. Default 5 s. */
  keepAliveTimeoutMs?: number;
  /** Largest accepted header block in bytes. Default 16 KiB. */
  maxHeaderSize?: number;
  /** How long stop() waits for in-flight requests before closing their connections. Default 10 s. */
  shutdownDeadlineMs?: number;
  /** Methods advertised in Allow for `OPTIONS *` and refused CONNECT. */
  allowedMethods?: readonly string[];
}

export interface HttpServer {
  readonly server: http.Server;
  /** Resolves with the bound address once listening; port 0 picks a free port. */
  start(port: number, host?: string): Promise<AddressInfo>;
  /** Stops accepting, lets in-flight requests finish up to the deadline, then closes what is left. */
  stop(deadlineMs?: number): Promise<void>;
  /** `http://<host>:<port>` of the bound address. */
  url(): string;
}

export function createHttpServer(app: RequestListener, options: HttpServerOptions = {}): HttpServer {
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  if (headersTimeout > requestTimeout) throw new RangeError('headersTimeoutMs must not exceed requestTimeoutMs');
  const allowedMethods = options.allowedMethods ?? DEFAULT_ALLOWED_METHODS;
  const server = http.createServer({
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
    maxHeaderSize: options.maxHeaderSize ?? 16 * 1024,
    // Node only enforces the two timeouts above when it sweeps connections; sweep often enough to matter.
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(headersTimeout / 2))),
    requireHostHeader: true,
  });

  const inFlight = new Set<ServerResponse>();
  let stopping: Promise<void> | null = null;

  server.on('request', (req, res) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // A keep-alive connection becomes idle only after this tick; close it then so stop() can finish.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    if (stopping) res.setHeader('connection', 'close');
    if (routeRequestTarget(req, res, allowedMethods)) app(req, res);
  });
  server.on('connect', (_req, socket) => refuseConnect(socket, allowedMethods));

  const address = (): AddressInfo => {
    const bound = server.address();
    if (bound === null || typeof bound === 'string') throw new Error('HTTP server is not listening on a TCP port');
    return bound;
  };

  return {
    server,

    start(port, host = '0.0.0.0') {
      return new Promise<AddressInfo>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          const bound = address();
          options.logger?.info({ host: bound.address, port: bound.port }, 'HTTP server listening');
          resolve(bound);
        });
      });
    },

    stop(deadlineMs = options.shutdownDeadlineMs ?? 10_000) {
      if (stopping) return stopping;
      if (!server.listening) return Promise.resolve();
      stopping = new Promise<void>((resolve, reject) => {
        for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
        const deadline = setTimeout(() => {
          options.logger?.warn({ inFlight: inFlight.size, deadlineMs }, 'HTTP shutdown deadline reached; closing open connections');
          server.closeAllConnections();
        }, deadlineMs);
        server.close((error) => {
          clearTimeout(deadline);
          stopping = null;
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      });
      return stopping;
    },

    url() {
      const bound = address();
      const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
      return `http://${host}:${bound.port}`;
    },
  };
}
