import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { curatedCatalogue, type Catalogue } from '@gw/rates';
import { COINGECKO_IDS } from '../coingecko-ids';

/** What the stand-in does with the next requests. */
export type StandInBehaviour =
  /** The documented `/simple/price` answer. */
  | 'answer'
  /** Accepts the request and never answers (a slow source). */
  | 'hang'
  /** Drops the connection (a source that is down). */
  | 'drop'
  /** HTTP 429, as CoinGecko rate-limits keyless callers. */
  | 'rate-limited'
  /** HTTP 200 with a body that is not the documented shape. */
  | 'malformed';

export interface StandInOptions {
  /** USD price of each CoinGecko id; by default the curated catalogue's. */
  pricesUsd?: Record<string, number>;
  /** When the served prices were last updated (`last_updated_at`); by default the moment of the request. */
  updatedAt?: () => Date;
  catalogue?: Catalogue;
}

/**
 * A local stand-in for CoinGecko's `GET /api/v3/simple/price?ids=…&vs_currencies=…&include_last_updated_at=true`
 * (https://docs.coingecko.com/v3.0.1/reference/simple-price): `{ "<id>": { "<vs>": number, …,
 * "last_updated_at": unix seconds } }`. There is no internet where the tests run.
 */
export class CoinGeckoStandIn {
  behaviour: StandInBehaviour = 'answer';
  /** Requests received, whatever the behaviour. */
  requests = 0;
  private readonly sockets = new Set<Socket>();
  private readonly pricesUsd: Record<string, number>;
  private readonly fiatUsd: Record<string, number>;
  private readonly server: Server;
  private port = 0;

  private constructor(private readonly options: StandInOptions) {
    const catalogue = options.catalogue ?? curatedCatalogue;
    this.pricesUsd = options.pricesUsd ?? curatedPricesById(catalogue);
    this.fiatUsd = Object.fromEntries(
      catalogue.fiatCurrencies.map((fiat) => [fiat.code, Number(fiat.priceUsd)]),
    );
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(options: StandInOptions = {}): Promise<CoinGeckoStandIn> {
    const standIn = new CoinGeckoStandIn(options);
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const address = standIn.server.address();
    if (address === null || typeof address === 'string') throw new Error('the stand-in has no TCP port');
    standIn.port = address.port;
    return standIn;
  }

  /** What PRICE_SOURCE_URL names: the API's base, as `https://api.coingecko.com/api/v3`. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/api/v3`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.requests += 1;
    switch (this.behaviour) {
      case 'hang':
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'rate-limited':
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } }),
        );
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify([{ bitcoin: 'ninety thousand' }]));
        return;
      case 'answer':
        this.answer(req, res);
        return;
    }
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.baseUrl);
    if (url.pathname !== '/api/v3/simple/price') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    const list = (name: string) => (url.searchParams.get(name) ?? '').split(',').filter(Boolean);
    const withUpdatedAt = url.searchParams.get('include_last_updated_at') === 'true';
    const updatedAt = Math.floor((this.options.updatedAt?.() ?? new Date()).getTime() / 1000);
    const body: Record<string, Record<string, number>> = {};
    for (const id of list('ids')) {
      const usd = this.pricesUsd[id];
      if (usd === undefined) continue;
      const entry: Record<string, number> = {};
      for (const vs of list('vs_currencies')) {
        const fiatUsd = this.fiatUsd[vs];
        if (fiatUsd !== undefined) entry[vs] = usd / fiatUsd;
      }
      if (withUpdatedAt) entry.last_updated_at = updatedAt;
      body[id] = entry;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}

/** Each CoinGecko id at the catalogue's price of its first coin. */
function curatedPricesById(catalogue: Catalogue): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const coin of catalogue.cryptoCurrencies) {
    const id = COINGECKO_IDS[coin.ticker];
    if (id !== undefined && prices[id] === undefined) prices[id] = Number(coin.priceUsd);
  }
  return prices;
}
