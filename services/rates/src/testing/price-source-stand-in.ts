import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { curatedCatalogue, type Catalogue } from '@gw/pricing';

/** What a stand-in does with the next requests. */
export type StandInBehaviour =
  /** The source's documented answer. */
  | 'answer'
  /** Accepts the request and never answers (a slow source). */
  | 'hang'
  /** Drops the connection (a source that is down). */
  | 'drop'
  /** HTTP 429, as the sources rate-limit callers. */
  | 'rate-limited'
  /** HTTP 200 with a body that is not the documented shape. */
  | 'malformed';

/**
 * A local stand-in for one price source's HTTP API, on 127.0.0.1 and a port of its own (there is no
 * internet where the tests run). Each source's stand-in writes its documented answer.
 */
export abstract class PriceSourceStandIn {
  behaviour: StandInBehaviour = 'answer';
  /** Requests received, whatever the behaviour. */
  requests = 0;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private port = 0;

  protected constructor() {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  protected async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('the stand-in has no TCP port');
    this.port = address.port;
  }

  /** `http://127.0.0.1:<port>`. */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The documented answer to a request the behaviour lets through. */
  protected abstract answer(url: URL, res: ServerResponse): void;

  /** The body the source sends with HTTP 429. */
  protected abstract rateLimitedBody(): unknown;

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.requests += 1;
    switch (this.behaviour) {
      case 'hang':
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'rate-limited':
        return sendJson(res, 429, this.rateLimitedBody());
      case 'malformed':
        return sendJson(res, 200, [{ bitcoin: 'ninety thousand' }]);
      case 'answer':
        return this.answer(new URL(req.url ?? '/', this.origin), res);
    }
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * USD prices a stand-in serves, by catalogue ticker for coins and code for fiats: the catalogue's,
 * with `overrides` on top.
 */
export function standInPrices(
  overrides: Readonly<Record<string, string>> = {},
  catalogue: Catalogue = curatedCatalogue,
): Record<string, string> {
  const prices: Record<string, string> = {};
  for (const coin of catalogue.cryptoCurrencies) prices[coin.ticker] ??= coin.priceUsd;
  for (const fiat of catalogue.fiatCurrencies) prices[fiat.code] = fiat.priceUsd;
  return { ...prices, ...overrides };
}
