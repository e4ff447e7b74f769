import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

const GENESIS = '0'.repeat(64);

/**
 * A stand-in for a Bitcoin Core style node (litecoind) of a chain no private node here can follow (Litecoin
 * mainnet): a chain of one empty block, an empty mempool, and no history at any address. For tests that
 * create real-money payments and never expect a deposit; the gateway asks it about each address it hands out.
 */
export class EmptyUtxoNode {
  private readonly sockets = new Set<Socket>();
  private port = 0;

  private constructor(private readonly server: Server) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(): Promise<EmptyUtxoNode> {
    const node = new EmptyUtxoNode(
      createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const { id, method } = JSON.parse(body) as { id: unknown; method: string };
          const [result, error] = answer(method);
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ id, result, error }));
        });
      }),
    );
    await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', resolve));
    const address = node.server.address();
    if (address === null || typeof address === 'string') throw new Error('the stand-in has no TCP port');
    node.port = address.port;
    return node;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function answer(method: string): [unknown, { code: number; message: string } | null] {
  switch (method) {
    case 'getblockchaininfo':
      return [{ blocks: 0, headers: 0, bestblockhash: GENESIS }, null];
    case 'getblockhash':
      return [GENESIS, null];
    case 'getblock':
      return [{ hash: GENESIS, height: 0, tx: [] }, null];
    case 'getrawmempool':
      return [[], null];
    case 'scantxoutset':
      return [{ success: true, unspents: [], total_amount: 0 }, null];
    default:
      return [null, { code: -32601, message: 'Method not found' }];
  }
}
