import { Writable } from 'node:stream';
import { testEvmAccountPublicKey } from '@gw/chain/testing';
import { createLogger } from '@gw/platform';
import { AlphaClient } from '../../e2e/alpha/alpha-client';
import { readyMerchant, storedPayment } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient } from '../../e2e/beta/beta-client';
import { AnvilNode } from '../../support/chain/anvil-node';
import { nativeCoin, tokenCoin, type EvmCoin } from '../../support/chain/evm-coins';
import { TestToken } from '../../support/chain/test-token';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import { webhookCall, webhookStatuses } from '../../support/chain/webhook-calls';
import { startTestGateway } from '../../support/gateway';

const REQUIRED_CONFIRMATIONS = 2;

/** Every line the gateway logs, through the logger factory production uses. */
class LogCapture extends Writable {
  readonly lines: Array<{ msg?: string; network?: string; err?: { message: string } }> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
}

/** What each network's anvil stands in for: its chain id, and the decimals of its USDT (BEP-20 USDT has 18). */
const NETWORKS = {
  bsc: { chainId: 56, usdtDecimals: 18, native: 'bnbbsc', usdt: 'usdtbsc' },
  matic: { chainId: 137, usdtDecimals: 6, native: 'maticmainnet', usdt: 'usdtmatic' },
} as const;
type Network = keyof typeof NETWORKS;
type CoinRole = 'native' | 'usdt';

/**
 * BNB Smart Chain and Polygon PoS end to end: an anvil with each one's chain id as the bsc and matic
 * watchers' node, each with its own USDT (18 decimals on BSC, 6 on Polygon), one gateway watching both
 * (their chain ids are mainnet's, so prices come from the live feed's local stand-in), and the demo
 * merchant's one evm wallet paid on both.
 */
describe('the bsc and matic watchers on anvils with chain ids 56 and 137: BNB, POL and their USDT', () => {
  const nodes: Partial<Record<Network, { node: AnvilNode; coins: Record<CoinRole, EvmCoin> }>> = {};
  let chain: WatchingGateway;

  beforeAll(async () => {
    for (const network of Object.keys(NETWORKS) as Network[]) {
      const { chainId, usdtDecimals, native, usdt } = NETWORKS[network];
      const node = await AnvilNode.start(chainId);
      const token = await TestToken.deploy(node, usdtDecimals);
      nodes[network] = { node, coins: { native: nativeCoin(node, native), usdt: tokenCoin(token, usdt) } };
    }
    const bsc = nodes.bsc!;
    const matic = nodes.matic!;
    chain = await startWatchingGateway({
      name: 'bsc-matic',
      env: {
        ...bsc.node.watcherEnv(REQUIRED_CONFIRMATIONS, bsc.coins.usdt.contract!, 'bsc'),
        ...matic.node.watcherEnv(REQUIRED_CONFIRMATIONS, matic.coins.usdt.contract!, 'matic'),
      },
      walletNetwork: 'bsc',
      extendedPublicKey: testEvmAccountPublicKey(),
      stopNode: async () => {
        await Promise.all([bsc.node.stop(), matic.node.stop()]);
      },
    });
    await readyMerchant(chain.gateway, chain.gateway.demoMerchant);
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
  });

  const paying = (network: Network, role: CoinRole) => nodes[network]!.coins[role];

  /** Pays `units` to `address` on `network` and mines the required blocks; resolves with the tx hash once finished. */
  async function payToFinish(
    network: Network,
    coin: EvmCoin,
    paymentId: number,
    address: string,
    units: bigint,
  ): Promise<string> {
    const txHash = await coin.pay(address, units);
    await chain.events.until(paymentId, 'PaymentConfirming');
    await nodes[network]!.node.mine(REQUIRED_CONFIRMATIONS - 1);
    const history = await chain.events.until(paymentId, 'PaymentFinished');
    const detected = history.filter((e) => e.type === 'DepositDetected').map((e) => e.data);
    expect(detected).toEqual([expect.objectContaining({ txHash, amount: coin.amountOf(units) })]);
    return txHash;
  }

  it.each<[Network, CoinRole]>([
    ['bsc', 'native'],
    ['bsc', 'usdt'],
    ['matic', 'usdt'],
  ])('V1: a %s payment in its %s coin finishes, the tx hash in payin_hash', async (network, role) => {
    const coin = paying(network, role);
    const call = v1Caller(
      () => chain.gateway.baseUrl,
      () => chain.gateway.demoMerchant.apiKey,
    );
    const payment = await call<V1Payment>('POST', '/v1/payment', {
      price_amount: 50,
      price_currency: 'usd',
      pay_currency: coin.code,
      ipn_callback_url: `${chain.webhooks.url}/v1`,
    });
    const txHash = await payToFinish(
      network,
      coin,
      payment.payment_id,
      payment.pay_address,
      coin.units(payment.pay_amount),
    );
    const about = (json: Record<string, unknown>) => json.payment_id === payment.payment_id;
    await webhookCall(chain.webhooks, (json) => about(json) && json.payment_status === 'finished');
    expect(await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`)).toMatchObject({
      payment_status: 'finished',
      pay_currency: coin.code,
      payin_hash: txHash,
      actually_paid: payment.pay_amount,
    });
    expect(webhookStatuses(chain.webhooks, about, 'payment_status')).toEqual([
      'waiting',
      'confirming',
      'confirmed',
      'finished',
    ]);
  });

  it('counts an 18-decimal BEP-20 USDT overpayment of one base unit to the unit: paid_over in family A', async () => {
    const coin = paying('bsc', 'usdt');
    const client = new AlphaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const payment = await client.createPayment({ to_currency: 'USDT', network: 'BSC' });
    const stored = await storedPayment(chain.gateway, payment.uuid);
    const paid = coin.units(payment.payer_amount) + 1n;
    // payToFinish checks the deposit's amount to the base unit: 19.99…000000000001.
    await payToFinish('bsc', coin, stored.paymentId, payment.address, paid);
    const record = await client.paymentWhen(payment.uuid, (p) => p.status === 'paid_over');
    // Family A writes money with 8 decimals, as upstream does: the extra unit shows in the status only.
    expect(record).toMatchObject({
      payment_status: 'finished',
      is_final: true,
      payment_amount: payment.payer_amount,
    });
  });

  it.each<[Network, CoinRole, Record<string, string>]>([
    ['bsc', 'usdt', { to_currency: 'USDT', network: 'BSC' }],
    ['matic', 'native', { to_currency: 'POL', network: 'POLYGON' }],
  ])('family A: a %s payment in its %s coin is paid, the tx hash in txid', async (network, role, fields) => {
    const coin = paying(network, role);
    const client = new AlphaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const payment = await client.createPayment({ ...fields, url_callback: `${chain.webhooks.url}/alpha` });
    const stored = await storedPayment(chain.gateway, payment.uuid);
    expect(stored.payCurrency).toBe(coin.code);
    const txHash = await payToFinish(
      network,
      coin,
      stored.paymentId,
      payment.address,
      coin.units(payment.payer_amount),
    );
    expect(await client.paymentWhen(payment.uuid, (p) => p.status === 'paid')).toMatchObject({
      payment_status: 'finished',
      txid: txHash,
      is_final: true,
      payment_amount: payment.payer_amount,
    });
    const about = (json: Record<string, unknown>) => json.uuid === payment.uuid;
    const call = await webhookCall(chain.webhooks, (json) => about(json) && json.status === 'paid');
    expect(call.json).toMatchObject({ txid: txHash, network: fields.network!.toLowerCase() });
    expect(webhookStatuses(chain.webhooks, about)).toEqual(['confirm_check', 'paid']);
  });

  it.each<[Network, CoinRole, Record<string, unknown>]>([
    ['bsc', 'native', { amount: 0.05, currency: 'BNB' }],
    ['matic', 'native', { amount: 150, currency: 'POL' }],
  ])('family B: a %s invoice in its %s coin is Paid, the tx hash in txs', async (network, role, fields) => {
    const coin = paying(network, role);
    const client = new BetaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const { track_id: trackId } = await client.createInvoice({
      ...fields,
      callback_url: `${chain.webhooks.url}/beta`,
    });
    const stored = await storedPayment(chain.gateway, Number(trackId));
    expect(stored.payCurrency).toBe(coin.code);
    const txHash = await payToFinish(
      network,
      coin,
      stored.paymentId,
      stored.payAddress,
      coin.units(stored.payAmount),
    );
    const about = (json: Record<string, unknown>) => json.track_id === trackId;
    const call = await webhookCall(chain.webhooks, (json) => about(json) && json.status === 'Paid');
    expect((call.json.txs as { tx_hash: string }[]).map((tx) => tx.tx_hash)).toEqual([txHash]);
    expect(webhookStatuses(chain.webhooks, about)).toEqual(['Paying', 'Paid']);
  });

  it('refuses a node that follows another chain than the one configured, and says why', async () => {
    const logs = new LogCapture();
    // The bsc anvil (chain id 56) given as the Ethereum node, whose chain id defaults to mainnet's 1.
    const gateway = await startTestGateway({
      env: { ETH_RPC_URL: nodes.bsc!.node.url, SANDBOX_ENABLED: 'false', CHAIN_POLL_INTERVAL_MS: '50' },
      logger: createLogger({ level: 'warn', service: 'all', destination: logs }),
    });
    try {
      const refused = () =>
        logs.lines.find(
          (line) => line.msg === 'chain node unavailable; payments wait' && line.network === 'eth',
        );
      while (!refused()) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(refused()!.err?.message).toBe(
        'eth node follows chain id 56, not 1: point the URL at the right node or set the chain id',
      );
      const metrics = async () => (await fetch(`${gateway.baseUrl}/metrics`)).text();
      // The refusal shows from the poll that logged it on: in metrics, while the replica stays Ready.
      while (!(await metrics()).includes('chain_node_up{network="eth",gateway_service="all"} 0'))
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await fetch(`${gateway.baseUrl}/health/ready`)).status).toBe(200);
    } finally {
      await gateway.stop();
    }
  });
});
