import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@gw/platform';
import { chainSourceFor } from '../src/watchers/chain-sources';
import { TronHttpApi } from '../src/watchers/tron/tron-http-api';

/**
 * TronGrid's documented answers (developers.tron.network, "eth_getTransactionByHash", a TRX transfer on
 * Shasta), and the HTTP API's answer for the same transaction in the shape its documentation gives
 * (/wallet/gettransactionbyid: ret[].contractRet, raw_data.contract[].type and parameter.value with
 * hex addresses prefixed 41). Served by a stand-in, so the source is held to what TronGrid says.
 */
const TX_HASH = '0xc9af231ad59bcd7e8dcf827afd45020a02112704dce74ec5f72cb090aa07eef0';
const DOCUMENTED_TRANSACTION = {
  blockHash: '0x00000000020ef11c87517739090601aa0a7be1de6faebf35ddb14e7ab7d1cc5b',
  blockNumber: '0x20ef11c',
  from: '0x6eced5214d62c3bc9eaa742e2f86d5c516785e14',
  gas: '0x0',
  gasPrice: '0x8c',
  hash: TX_HASH,
  input: '0x',
  nonce: '0x0',
  r: '0x433eaf0a7df3a08c8828a2180987146d39d44de4ac327c4447d0eeda42230ea8',
  s: '0x6f91f63b37f4d1cd9342f570205beefaa5b5ba18d616fec643107f8c1ae1339d',
  to: '0x0697250b9d73b460a9d2bbfd8c4cacebb05dd1f1',
  transactionIndex: '0x6',
  type: '0x0',
  v: '0x1b',
  value: '0x1cb2310',
};
const httpAnswer = (type: string, contractRet = 'SUCCESS') => ({
  ret: [{ contractRet }],
  txID: TX_HASH.slice(2),
  raw_data: {
    contract: [
      {
        parameter: {
          value: {
            amount: Number(DOCUMENTED_TRANSACTION.value),
            owner_address: `41${DOCUMENTED_TRANSACTION.from.slice(2)}`,
            to_address: `41${DOCUMENTED_TRANSACTION.to.slice(2)}`,
          },
          type_url: `type.googleapis.com/protocol.${type}`,
        },
        type,
      },
    ],
  },
});

describe("the Tron source against TronGrid's documented answers", () => {
  let server: Server;
  let url: string;
  let answer: object = {};
  const seen: { path: string; key: string | undefined; body: unknown }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        const parsed = JSON.parse(body) as { id?: number; method?: string; params?: unknown[] };
        seen.push({ path: request.url!, key: request.headers['tron-pro-api-key'] as string, body: parsed });
        response.setHeader('content-type', 'application/json');
        if (request.url === '/jsonrpc') {
          const result = parsed.method === 'eth_getTransactionByHash' && parsed.params?.[0] === TX_HASH;
          response.end(
            JSON.stringify({ jsonrpc: '2.0', id: parsed.id, result: result ? DOCUMENTED_TRANSACTION : null }),
          );
          return;
        }
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('knows a mined transaction from eth_getTransactionByHash, sending the API key header', async () => {
    const config = loadConfig({ TRON_RPC_URL: `${url}/jsonrpc`, TRON_API_KEY: 'documented-key' });
    const source = chainSourceFor(config.chainWatchers.nodes.trx!);
    expect(await source.knowsTransaction(TX_HASH)).toBe(true);
    expect(await source.knowsTransaction(`0x${'ab'.repeat(32)}`)).toBe(false);
    expect(
      seen.filter((request) => request.path === '/jsonrpc').every((r) => r.key === 'documented-key'),
    ).toBe(true);
  });

  it('takes the HTTP API at the JSON-RPC URL without /jsonrpc, as TronGrid serves both', () => {
    const config = loadConfig({ TRON_RPC_URL: 'https://api.trongrid.io/jsonrpc' });
    expect(config.chainWatchers.nodes.trx!.tron!.httpUrl).toBe('https://api.trongrid.io');
  });

  it.each([
    ['a successful TransferContract', httpAnswer('TransferContract'), 30_090_000n],
    [
      'a TRC-10 TransferAssetContract (its amount is the JSON-RPC value too)',
      httpAnswer('TransferAssetContract'),
      null,
    ],
    ['a TransferContract that failed', httpAnswer('TransferContract', 'REVERT'), null],
    ['a contract call (TriggerSmartContract call value)', httpAnswer('TriggerSmartContract'), null],
  ])('counts TRX only for %s', async (_case, documented, expected) => {
    answer = documented;
    const api = new TronHttpApi(url, fetch);
    expect(await api.trxTransferred(TX_HASH, DOCUMENTED_TRANSACTION.to)).toBe(expected);
    expect(seen.at(-1)).toMatchObject({
      path: '/wallet/gettransactionbyid',
      body: { value: TX_HASH.slice(2) },
    });
  });

  it('counts nothing paid to another address than the one watched', async () => {
    answer = httpAnswer('TransferContract');
    const api = new TronHttpApi(url, fetch);
    expect(await api.trxTransferred(TX_HASH, `0x${'11'.repeat(20)}`)).toBeNull();
  });
});
