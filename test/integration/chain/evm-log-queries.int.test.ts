import { randomBytes } from 'node:crypto';
import {
  EvmChainSource,
  LOG_RECIPIENTS_PER_QUERY,
} from '../../../services/chain/src/watchers/evm/evm-chain-source';
import { ANVIL_CHAIN_ID, AnvilNode } from '../../support/chain/anvil-node';
import { TestToken } from '../../support/chain/test-token';

/** The JSON-RPC methods a source sent, one entry per call (batches counted call by call). */
function countingFetch(methods: string[]): typeof fetch {
  return async (input, init) => {
    const body = JSON.parse(String(init?.body ?? 'null')) as { method: string } | { method: string }[];
    for (const call of Array.isArray(body) ? body : [body]) methods.push(call.method);
    return fetch(input, init);
  };
}

const randomAddress = () => `0x${randomBytes(20).toString('hex')}`;

/**
 * How many eth_getLogs a block costs the watcher's EVM source, on a real anvil with a real ERC-20: with
 * a week of payments watched (tens of thousands of addresses), a query per 200 addresses would be
 * hundreds of queries a block, more than a provider's rate limit allows.
 */
describe('the EVM source reading a block for many watched token addresses', () => {
  let node: AnvilNode;
  let token: TestToken;

  beforeAll(async () => {
    node = await AnvilNode.start();
    token = await TestToken.deploy(node, 6);
  }, 120_000);
  afterAll(() => node?.stop());

  const sourceCounting = (methods: string[]) =>
    new EvmChainSource({
      network: 'eth',
      rpcUrl: node.url,
      rpcUser: null,
      rpcPassword: null,
      chainId: ANVIL_CHAIN_ID,
      nativeCoin: 'eth',
      tokens: { usdterc20: token.address },
      decimalsOf: (coin) => (coin === 'eth' ? 18 : 6),
      fetchFn: countingFetch(methods),
    });

  it.each([
    ['a few', 3],
    ['more than one query names', LOG_RECIPIENTS_PER_QUERY * 5],
  ])('finds the transfers to %s watched addresses with one eth_getLogs', async (_, watchedCount) => {
    const methods: string[] = [];
    const source = sourceCounting(methods);
    const payee = randomAddress();
    const stranger = randomAddress();
    const recipients = new Set(
      [payee, ...Array.from({ length: watchedCount - 1 }, randomAddress)].map((payAddress) =>
        source.recipientOf({ payAddress, payCurrency: 'usdterc20' })!,
      ),
    );
    // One block: the payee's transfer and one to an address nobody watches.
    const [, paid] = await node.mineInOneBlock([
      await token.signStrangersPayout(stranger, 2_000_000n),
      await token.sign(payee, 1_500_000n, 'account'),
    ]);
    const receipt = await node.clients.buyer.getTransactionReceipt({ hash: paid! });
    await source.state();
    methods.length = 0;

    const block = await source.block(receipt.blockHash, recipients);

    expect(block.transfers.map((t) => [t.txHash, t.recipient, t.amount])).toEqual([
      [paid, source.recipientOf({ payAddress: payee, payCurrency: 'usdterc20' }), 1_500_000n],
    ]);
    expect(methods.filter((method) => method === 'eth_getLogs')).toHaveLength(1);
  });
});
