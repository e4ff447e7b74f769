import { streamIdOf } from '@gw/domain';
import { toBaseUnits } from '@gw/pricing';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { AlphaClient } from '../../e2e/alpha/alpha-client';
import { readyMerchant } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient, type JsonBody } from '../../e2e/beta/beta-client';
import { startWatchedChain, type WatchedChain } from '../../support/chain/watched-chain';
import { webhookCall, webhookStatuses } from '../../support/chain/webhook-calls';

const REQUIRED_CONFIRMATIONS = 2;
const baseUnits = (amount: string): bigint => BigInt(toBaseUnits(amount, 8));

/**
 * Family B static addresses on a real btc node: the merchant wallet's next address held for one
 * customer, every deposit a payment of its own with its own webhooks, a deposit after revocation
 * recorded and shown but never credited, and a restart that counts nothing twice.
 */
describe('family B static addresses on a real btc node', () => {
  let chain: WatchedChain;
  /** The merchant whose wallet is set: a restarted test gateway makes a new demo merchant besides. */
  let merchant: WatchedChain['gateway']['demoMerchant'];
  const client = () => new BetaClient(chain.gateway.baseUrl, merchant);

  beforeAll(async () => {
    chain = await startWatchedChain('btc', { requiredConfirmations: REQUIRED_CONFIRMATIONS, coins: 8 });
    merchant = await readyMerchant(chain.gateway, chain.gateway.demoMerchant);
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
  });

  const open = async (orderId: string): Promise<JsonBody> => {
    const answer = await client().send('POST', '/payment/static-address', {
      body: { network: 'BTC', order_id: orderId, callback_url: `${chain.webhooks.url}/static` },
    });
    if (answer.status !== 200) throw new Error(`static address refused: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  /** The address as the list shows it, once `accept` takes it (the read model follows the events). */
  const listed = async (address: string, accept: (item: JsonBody) => boolean): Promise<JsonBody> => {
    for (;;) {
      const answer = await client().send('GET', `/payment/static-address?address=${address}`);
      const item = answer.body.data?.list?.[0] as JsonBody | undefined;
      if (item && accept(item)) return item;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const depositsTo = (address: string) => (json: Record<string, unknown>) =>
    json.type === 'static_address' &&
    Array.isArray(json.txs) &&
    json.txs.some((tx: { address?: string }) => tx.address === address);

  it("hands out the wallet's next address, the same one for the same order, another for another", async () => {
    const first = await open('customer-1');
    const again = await open('customer-1');
    const other = await open('customer-2');
    expect(again).toEqual(first);
    expect(other.address).not.toBe(first.address);
    expect(first).toMatchObject({ network: expect.any(String), track_id: expect.stringMatching(/^\d+$/) });
    const qr = await fetch(first.qr_code);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('three deposits to one address are three payments with three webhook sequences', async () => {
    const { address } = await open('customer-3');
    const amounts = ['0.0012', '0.0034', '0.0056'];
    const txids: string[] = [];
    for (const amount of amounts)
      txids.push(await chain.wallet.pay([{ address, amount: baseUnits(amount) }]));
    await chain.node.mine(REQUIRED_CONFIRMATIONS);

    const paid = await Promise.all(
      txids.map((txid) =>
        webhookCall(
          chain.webhooks,
          (json) =>
            depositsTo(address)(json) &&
            json.status === 'Paid' &&
            (json.txs as { tx_hash: string }[]).some((tx) => tx.tx_hash === txid),
        ),
      ),
    );
    const trackIds = paid.map((call) => String(call.json.track_id));
    expect(new Set(trackIds).size).toBe(3);
    paid.forEach((call, i) => {
      expect(call.json).toMatchObject({
        type: 'static_address',
        status: 'Paid',
        amount: Number(amounts[i]),
        currency: 'BTC',
        order_id: 'customer-3',
        sandbox: false,
      });
      expect(call.json.txs).toHaveLength(1);
      expect(
        webhookStatuses(chain.webhooks, (json) => depositsTo(address)(json) && json.track_id === trackIds[i]),
      ).toEqual(['Paying', 'Paid']);
    });

    const item = await listed(address, (entry) => entry.txs.length === 3);
    expect(item.txs.map((tx: JsonBody) => tx.track_id).sort()).toEqual([...trackIds].sort());
    expect(item.txs.map((tx: JsonBody) => tx.tx_hash).sort()).toEqual([...txids].sort());
    expect(item).toMatchObject({ revoked: false, refused_txs: [], order_id: 'customer-3' });

    const history = await client().history({ type: 'static_address', address, size: 50 });
    expect(history.body.data.list.map((entry: JsonBody) => entry.track_id).sort()).toEqual(
      [...trackIds].sort(),
    );
  });

  it('a deposit after revocation is recorded and shown on the address, never credited', async () => {
    const { address } = await open('customer-4');
    const before = await chain.wallet.pay([{ address, amount: baseUnits('0.002') }]);
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    await webhookCall(chain.webhooks, (json) => depositsTo(address)(json) && json.status === 'Paid');

    const revoked = await client().send('POST', '/payment/static-address/revoke', {
      body: { address, network: 'BTC' },
    });
    expect(revoked.status).toBe(200);
    await listed(address, (entry) => entry.revoked === true);

    const late = await chain.wallet.pay([{ address, amount: baseUnits('0.003') }]);
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    const item = await listed(address, (entry) => entry.refused_txs.length === 1);
    expect(item.refused_txs).toEqual([
      { tx_hash: late, currency: 'BTC', amount: 0.003, date: expect.any(Number) },
    ]);
    expect(item.txs.map((tx: JsonBody) => tx.tx_hash)).toEqual([before]);
    // The late money opened no payment and sent no webhook.
    const history = await client().history({ type: 'static_address', address, size: 50 });
    expect(history.body.data.meta.total).toBe(1);
    expect(chain.webhooks.calls.filter((c) => JSON.stringify(c.json).includes(late))).toEqual([]);
    // Asking again for the revoked order's address is refused: it is never handed out again.
    const again = await client().send('POST', '/payment/static-address', {
      body: { network: 'BTC', order_id: 'customer-4' },
    });
    expect(again.body.error).toMatchObject({ key: 'order_id' });
  });

  it('a restart between the deposit and its confirmations counts nothing twice', async () => {
    const { address } = await open('customer-5');
    const txid = await chain.wallet.pay([{ address, amount: baseUnits('0.0042') }]);
    const paying = await webhookCall(
      chain.webhooks,
      (json) => depositsTo(address)(json) && json.status === 'Paying',
    );
    const trackId = String(paying.json.track_id);

    await chain.restartGateway(() => chain.node.mine(REQUIRED_CONFIRMATIONS));
    await webhookCall(chain.webhooks, (json) => depositsTo(address)(json) && json.status === 'Paid');
    const item = await listed(address, (entry) => entry.txs.length >= 1);
    expect(item.txs).toEqual([expect.objectContaining({ tx_hash: txid, track_id: trackId })]);
    const stream = await chain.gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', trackId));
    expect(stream.filter((event) => event.type === 'DepositDetected')).toHaveLength(1);
    expect(
      webhookStatuses(chain.webhooks, (json) => depositsTo(address)(json) && json.track_id === trackId),
    ).toEqual(['Paying', 'Paid']);
  });

  it("counts in the wallet's gap: handed out from the same index as invoices, unused until money arrives", async () => {
    const wallet = async () => {
      const answer = await adminClient(chain.gateway)('GET', `/merchants/${merchant.merchantId}/wallets`);
      return (answer.body as JsonBody).result[0] as JsonBody;
    };
    const before = await wallet();
    const unused = await open('customer-gap-1');
    const afterUnused = await wallet();
    expect(afterUnused.addresses_handed_out).toBe(before.addresses_handed_out + 1);
    expect(afterUnused.unused_addresses_in_a_row).toBe(before.unused_addresses_in_a_row + 1);
    expect(afterUnused.gap_limit).toBe(20);

    // Money at the newest address: nothing below it is past the gap any more.
    const paid = await open('customer-gap-2');
    expect(paid.address).not.toBe(unused.address);
    await chain.wallet.pay([{ address: paid.address, amount: baseUnits('0.001') }]);
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    await listed(paid.address, (entry) => entry.txs.length === 1);
    for (;;) {
      if ((await wallet()).unused_addresses_in_a_row === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('family A: each top-up of a static wallet is a payment reported with type wallet; after the block, none is', async () => {
    const alpha = new AlphaClient(chain.gateway.baseUrl, merchant);
    const created = await alpha.post<{ state: number; result: JsonBody }>('/wallet', {
      network: 'btc',
      currency: 'BTC',
      order_id: 'alpha-customer-1',
      url_callback: `${chain.webhooks.url}/wallet`,
    });
    expect(created.status).toBe(200);
    const wallet = created.body.result;
    const ofWallet = (json: Record<string, unknown>) =>
      json.type === 'wallet' && json.wallet_address_uuid === wallet.uuid;

    const txids: string[] = [];
    for (const amount of ['0.0011', '0.0022', '0.0033'])
      txids.push(await chain.wallet.pay([{ address: wallet.address, amount: baseUnits(amount) }]));
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    const paid = await Promise.all(
      txids.map((txid) =>
        webhookCall(chain.webhooks, (json) => ofWallet(json) && json.status === 'paid' && json.txid === txid),
      ),
    );
    const uuids = paid.map((call) => String(call.json.uuid));
    expect(new Set(uuids).size).toBe(3);
    for (const uuid of uuids)
      expect(webhookStatuses(chain.webhooks, (json) => ofWallet(json) && json.uuid === uuid)).toEqual([
        'confirm_check',
        'paid',
      ]);

    const blocked = await alpha.post('/wallet/block-address', { uuid: wallet.uuid });
    expect(blocked.body).toEqual({ state: 0, result: { uuid: wallet.uuid, status: 'blocked' } });
    const late = await chain.wallet.pay([{ address: wallet.address, amount: baseUnits('0.0044') }]);
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    const addresses = chain.gateway.gateway.ctx.readModels.collection<
      JsonBody & { id: string; version: number }
    >('staticAddresses');
    for (;;) {
      const [found] = await addresses.find({ filter: { uuid: wallet.uuid }, limit: 1 });
      if (found?.refusedDeposits?.length === 1) {
        expect(found.refusedDeposits[0]).toMatchObject({ txHash: late });
        expect(found.deposits).toHaveLength(3);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(chain.webhooks.calls.filter((c) => c.json.txid === late)).toEqual([]);
  });
});
