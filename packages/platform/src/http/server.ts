import http, { type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
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
  /** `http://<host>:<port>` of the address bound by the last start(). */
  url(): string;
}

export function createHttpServer(app: RequestListener, options: HttpServerOptions = {}): HttpServer {
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  if (headersTimeout > requestTimeout)
    throw new RangeError('headersTimeoutMs must not exceed requestTimeoutMs');
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
  allowHalfClosedRequests(server);

  // Node's own closeIdleConnections() spares connections that never sent a request, so we track
  // every connection and the responses it is still writing.
  const pendingResponses = new Map<Socket, Set<ServerResponse>>();
  let stopping: Promise<void> | null = null;
  let boundUrl: string | null = null;

  server.on('connection', (socket: Socket) => {
    pendingResponses.set(socket, new Set());
    socket.once('close', () => pendingResponses.delete(socket));
  });

  server.on('request', (req, res) => {
    const socket = req.socket;
    const pending = pendingResponses.get(socket);
    pending?.add(res);
    res.once('close', () => {
      pending?.delete(res);
      // While draining, a keep-alive connection is closed once its last response is flushed.
      if (stopping && pending?.size === 0) socket.destroySoon();
    });
    if (stopping) res.setHeader('connection', 'close');
    if (routeRequestTarget(req, res, allowedMethods)) app(req, res);
  });

  server.on('connect', (_req, socket) => refuseConnect(socket, allowedMethods));

  const drain = (deadlineMs: number) =>
    new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => {
        const busy = [...pendingResponses.values()].filter((pending) => pending.size > 0).length;
        options.logger?.warn(
          { busyConnections: busy, deadlineMs },
          'HTTP shutdown deadline reached; closing open connections',
        );
        for (const socket of pendingResponses.keys()) socket.destroy();
      }, deadlineMs);
      server.close((error) => {
        clearTimeout(deadline);
        stopping = null;
        if (error) reject(error);
        else resolve();
      });
      for (const [socket, pending] of pendingResponses) {
        if (pending.size === 0) socket.destroy();
        for (const res of pending) if (!res.headersSent) res.setHeader('connection', 'close');
      }
    });

  return {
    server,

    start(port, host = '0.0.0.0') {
      return new Promise<AddressInfo>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          const bound = server.address() as AddressInfo;
          boundUrl = `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`;
          options.logger?.info({ host: bound.address, port: bound.port }, 'HTTP server listening');
          resolve(bound);
        });
      });
    },

    stop(deadlineMs = options.shutdownDeadlineMs ?? 10_000) {
      if (stopping) return stopping;
      if (!server.listening) return Promise.resolve();
      stopping = drain(deadlineMs);
      return stopping;
    },

    url() {
      if (boundUrl === null) throw new Error('HTTP server has not been started');
      return boundUrl;
    },
  };
}

/**
 * A client may close its sending side once its request is out (RFC 9112 §9.6, as `printf ... | nc`
 * and some proxies do). Node's default then drops the exchange before a slow handler answers; with
 * this it answers and closes afterwards.
 */
export function allowHalfClosedRequests(server: http.Server): void {
  (server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}
