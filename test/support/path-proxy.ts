import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowHalfClosedRequests } from '@gw/platform';
import { serviceForPath } from '@gw/gateway';

/**
 * What the Ingress does in Kubernetes, for tests on one machine: one host in front of services that
 * each listen on their own port, routed by the gateway's route table.
 */
export class PathProxy {
  private constructor(
    private readonly server: Server,
    private readonly portOf: (service: string) => number | undefined,
  ) {}

  static async start(portOf: (service: string) => number | undefined): Promise<PathProxy> {
    const server = createServer();
    allowHalfClosedRequests(server);
    const proxy = new PathProxy(server, portOf);
    server.on('request', (req, res) => {
      // Absolute-form targets (RFC 9112 §3.2.2) carry the path after the authority.
      const pathname = new URL(req.url ?? '/', 'http://proxy.invalid').pathname;
      const service = serviceForPath(pathname);
      const port = service ? proxy.portOf(service) : undefined;
      if (port === undefined) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'No such endpoint' }));
        return;
      }
      const upstream = request(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        if (res.headersSent) return res.destroy(error);
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: `${service} is unreachable` }),
        );
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
