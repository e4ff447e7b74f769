import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hash } from 'viem';
import type { AnvilNode } from './anvil-node';

/** Listens on a free loopback port; resolves with its base URL. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readBody(request: NodeJS.ReadableStream): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * A stand-in for java-tron's HTTP API over an anvil standing in for Tron's JSON-RPC: answers
 * /wallet/gettransactionbyid in the documented shape (visible=false: hex addresses with the 41 prefix)
 * from the anvil transaction of that hash. A transaction with a value is a TransferContract unless the
 * test names it another contract type (TransferAssetContract: a TRC-10 token, whose amount Tron's
 * JSON-RPC also reports as the transaction's value); one with call data a TriggerSmartContract.
 */
export class TronHttpStandIn {
  readonly headers: IncomingHttpHeaders[] = [];
  private readonly contractTypes = new Map<string, string>();

  private readonly server: Server;
  url = '';

  private constructor(node: AnvilNode) {
    this.server = createServer((request, response) => {
      void (async () => {
        this.headers.push(request.headers);
        const body = JSON.parse((await readBody(request)) || '{}') as { value?: string };
        if (request.url !== '/wallet/gettransactionbyid' || !body.value) {
          response.writeHead(404).end();
          return;
        }
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(await this.transaction(node, `0x${body.value}`)));
      })();
    });
  }

  static async start(node: AnvilNode): Promise<TronHttpStandIn> {
    const standIn = new TronHttpStandIn(node);
    standIn.url = await listen(standIn.server);
    return standIn;
  }

  /** Answers for this transaction as for another contract type (a TRC-10 TransferAssetContract…). */
  treatAs(txHash: string, contractType: string): void {
    this.contractTypes.set(txHash.toLowerCase(), contractType);
  }

  private async transaction(node: AnvilNode, hash: string): Promise<object> {
    const { buyer } = node.clients;
    const tx = await buyer.getTransaction({ hash: hash as Hash }).catch(() => null);
    if (!tx) return {};
    const receipt = await buyer.getTransactionReceipt({ hash: hash as Hash });
    const type =
      this.contractTypes.get(hash.toLowerCase()) ??
      (tx.input === '0x' ? 'TransferContract' : 'TriggerSmartContract');
    return {
      ret: [{ contractRet: receipt.status === 'success' ? 'SUCCESS' : 'REVERT' }],
      txID: hash.slice(2),
      raw_data: {
        contract: [
          {
            parameter: {
              value: {
                amount: Number(tx.value),
                owner_address: `41${tx.from.slice(2).toLowerCase()}`,
                to_address: `41${tx.to!.slice(2).toLowerCase()}`,
                ...(type === 'TransferAssetContract' ? { asset_name: '31303030303031' } : {}),
              },
              type_url: `type.googleapis.com/protocol.${type}`,
            },
            type,
          },
        ],
      },
    };
  }

  stop(): Promise<void> {
    return close(this.server);
  }
}

/**
 * A provider in front of a JSON-RPC node, as TronGrid is: records each request's headers (the API key
 * header) and answers the first `refuse` requests 429, as a provider over its rate limit does.
 */
export class RateLimitingProvider {
  readonly headers: IncomingHttpHeaders[] = [];
  refused = 0;

  private readonly server: Server;
  url = '';

  private constructor(
    target: string,
    private refuse: number,
  ) {
    this.server = createServer((request, response) => {
      void (async () => {
        this.headers.push(request.headers);
        const body = await readBody(request);
        if (this.refuse > 0) {
          this.refuse--;
          this.refused++;
          response.writeHead(429, { 'content-type': 'application/json' }).end('{"Error":"rate limited"}');
          return;
        }
        const answer = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      })();
    });
  }

  static async start(target: string, refuse: number): Promise<RateLimitingProvider> {
    const provider = new RateLimitingProvider(target, refuse);
    provider.url = await listen(provider.server);
    return provider;
  }

  stop(): Promise<void> {
    return close(this.server);
  }
}
