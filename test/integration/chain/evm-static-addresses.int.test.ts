import { testEvmAccountPublicKey } from '@gw/chain/testing';
import type { MerchantKeys } from '@gw/application';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { readyMerchant } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient, type JsonBody } from '../../e2e/beta/beta-client';
import { AnvilNode } from '../../support/chain/anvil-node';
import { nativeCoin, tokenCoin, type EvmCoin } from '../../support/chain/evm-coins';
import { TestToken } from '../../support/chain/test-token';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import { webhookCall, webhookStatuses } from '../../support/chain/webhook-calls';

/** Blocks a deposit needs: its own (anvil mines it at once) and two more. */
const REQUIRED_CONFIRMATIONS = 3;

/**
 * A family B static address on a private anvil takes the network's coins the merchant accepts, the ETH
 * and a 6-decimal ERC-20 (as usdterc20) alike: each deposit is a payment of its own with its own webhooks,
 * and a deposit after revocation is shown on the address, never credited.
 */
describe('family B static addresses on a private anvil: ETH and an ERC-20 token', () => {
  let node: AnvilNode;
  let chain: WatchingGateway;
  let merchant: MerchantKeys;
  let eth: EvmCoin;
  let usdt: EvmCoin;
  const client = () => new BetaClient(chain.gateway.baseUrl, merchant);

  beforeAll(async () => {
    node = await AnvilNode.start();
    const token = await TestToken.deploy(node);
    chain = await startWatchingGateway({
      name: 'eth-static',
      env: node.watcherEnv(REQUIRED_CONFIRMATIONS, token.address),
      walletNetwork: 'eth',
      extendedPublicKey: testEvmAccountPublicKey(),
      stopNode: () => node.stop(),
    });
    eth = nativeCoin(node, 'eth');
    usdt = tokenCoin(token, 'usdterc20');
    const keys = await chain.gateway.createMerchant('static on eth');
    const admin = adminClient(chain.gateway);
    await admin('PUT', `/merchants/${keys.merchantId}/wallets/eth`, {
      body: { extended_public_key: testEvmAccountPublicKey(3) },
    });
    await admin('PUT', `/merchants/${keys.merchantId}/coins`, {
      body: { enabled_coins: ['eth', 'usdterc20'] },
    });
    merchant = await readyMerchant(chain.gateway, keys);
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
  });

  const open = async (orderId: string): Promise<JsonBody> => {
    const answer = await client().send('POST', '/payment/static-address', {
      body: { network: 'Ethereum', order_id: orderId, callback_url: `${chain.webhooks.url}/static` },
    });
    if (answer.status !== 200) throw new Error(`static address refused: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const listed = async (address: string, accept: (item: JsonBody) => boolean): Promise<JsonBody> => {
    for (;;) {
      const answer = await client().send('GET', `/payment/static-address?address=${address}`);
      const item = answer.body.data?.list?.[0] as JsonBody | undefined;
      if (item && accept(item)) return item;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const about = (txHash: string) => (json: Record<string, unknown>) =>
    json.type === 'static_address' &&
    Array.isArray(json.txs) &&
    json.txs.some((tx: { tx_hash?: string }) => tx.tx_hash === txHash);

  it('three deposits in two coins are three payments with three webhook sequences; a late one is refused', async () => {
    const { address } = await open('player-1');
    const deposits = [
      { coin: usdt, amount: '12.5', currency: 'USDT' },
      { coin: usdt, amount: '7.25', currency: 'USDT' },
      { coin: eth, amount: '0.015', currency: 'ETH' },
    ];
    const hashes: string[] = [];
    for (const { coin, amount } of deposits) hashes.push(await coin.pay(address, coin.units(amount)));
    await node.mine(REQUIRED_CONFIRMATIONS - 1);

    const paid = await Promise.all(
      hashes.map((hash) =>
        webhookCall(chain.webhooks, (json) => about(hash)(json) && json.status === 'Paid'),
      ),
    );
    const trackIds = paid.map((call) => String(call.json.track_id));
    expect(new Set(trackIds).size).toBe(3);
    paid.forEach((call, i) => {
      expect(call.json).toMatchObject({
        type: 'static_address',
        amount: Number(deposits[i]!.amount),
        currency: deposits[i]!.currency,
        order_id: 'player-1',
      });
      expect(webhookStatuses(chain.webhooks, about(hashes[i]!))).toEqual(['Paying', 'Paid']);
    });
    const item = await listed(address, (entry) => entry.txs.length === 3);
    expect(item.currencies).toEqual(expect.arrayContaining(['ETH', 'USDT']));
    expect(item.txs.map((tx: JsonBody) => tx.tx_hash).sort()).toEqual([...hashes].sort());

    const revoked = await client().send('POST', '/payment/static-address/revoke', { body: { address } });
    expect(revoked.status).toBe(200);
    await listed(address, (entry) => entry.revoked === true);
    const late = await usdt.pay(address, usdt.units('3'));
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    const after = await listed(address, (entry) => entry.refused_txs.length === 1);
    expect(after.refused_txs).toEqual([
      { tx_hash: late, currency: 'USDT', amount: 3, date: expect.any(Number) },
    ]);
    expect(after.txs).toHaveLength(3);
    const history = await client().history({ type: 'static_address', size: 50 });
    expect(history.body.data.meta.total).toBe(3);
    expect(chain.webhooks.calls.filter((c) => about(late)(c.json))).toEqual([]);
  });
});
