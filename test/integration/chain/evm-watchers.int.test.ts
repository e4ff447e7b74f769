import { streamIdOf } from '@gw/domain';
import { testEvmAccountPublicKey } from '@gw/chain/src/testing';
import { toBaseUnits } from '@gw/rates';
import { AlphaClient } from '../../e2e/alpha/alpha-client';
import { readyMerchant, storedPayment } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient } from '../../e2e/beta/beta-client';
import { AnvilNode } from '../../support/chain/anvil-node';
import { TestToken } from '../../support/chain/test-token';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';

/** Blocks a deposit needs: its own (it is mined at once on anvil) and two more. */
const REQUIRED_CONFIRMATIONS = 3;
const wei = (amount: number | string): bigint => BigInt(toBaseUnits(String(amount), 18));
const tokenUnits = (amount: number | string): bigint => BigInt(toBaseUnits(String(amount), 6));

describe('the eth watcher on a private anvil: ETH and a 6-decimal ERC-20 (as usdterc20)', () => {
  let node: AnvilNode;
  let token: TestToken;
  let chain: WatchingGateway;
  /** The demo merchant of the first start: a restarted gateway keeps it (same data directory). */
  let merchant: WatchingGateway['gateway']['demoMerchant'];
  const figures: string[] = [];

  beforeAll(async () => {
    node = await AnvilNode.start();
    token = await TestToken.deploy(node);
    chain = await startWatchingGateway({
      name: 'eth',
      env: node.watcherEnv(REQUIRED_CONFIRMATIONS, token.address),
      walletNetwork: 'eth',
      extendedPublicKey: testEvmAccountPublicKey(),
      stopNode: () => node.stop(),
    });
    merchant = chain.gateway.demoMerchant;
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
    if (figures.length > 0) process.stdout.write(`\n${figures.join('\n')}\n`);
  });

  const call = v1Caller(
    () => chain.gateway.baseUrl,
    () => merchant.apiKey,
  );

  const createPayment = (payCurrency: 'eth' | 'usdterc20') =>
    call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: payCurrency,
      ipn_callback_url: `${chain.webhooks.url}/ipn`,
    });
  const readPayment = (payment: Pick<V1Payment, 'payment_id'>) =>
    call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`);
  const webhookStatuses = (payment: V1Payment) =>
    chain.webhooks.calls
      .filter((c) => c.json.payment_id === payment.payment_id)
      .map((c) => c.json.payment_status);
  async function untilWebhook(accept: (json: Record<string, unknown>) => boolean) {
    for (;;) {
      const found = chain.webhooks.calls.find((c) => accept(c.json));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it.each<['eth' | 'usdterc20', string]>([
    ['eth', 'ETH sent from an account'],
    ['usdterc20', 'the token sent from an account'],
  ])(
    'takes an exact %s payment (%s): confirming once mined, finished two blocks later, the tx hash in record and webhook',
    async (coin) => {
      const payment = await createPayment(coin);
      expect(payment.pay_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const sentAt = Date.now();
      const txHash =
        coin === 'eth'
          ? await node.payNative(payment.pay_address, wei(payment.pay_amount))
          : await token.transfer(payment.pay_address, tokenUnits(payment.pay_amount));
      await chain.events.until(payment.payment_id, 'PaymentConfirming');
      const confirmingAt = Date.now();
      expect(await readPayment(payment)).toMatchObject({
        payment_status: 'confirming',
        payin_hash: txHash,
        actually_paid: payment.pay_amount,
      });

      const minedAt = Date.now();
      await node.mine(REQUIRED_CONFIRMATIONS - 1);
      await chain.events.until(payment.payment_id, 'PaymentFinished');
      const finishedAt = Date.now();
      await untilWebhook(
        (json) => json.payment_id === payment.payment_id && json.payment_status === 'finished',
      );
      const webhookAt = Date.now();
      expect(await readPayment(payment)).toMatchObject({
        payment_status: 'finished',
        payin_hash: txHash,
        actually_paid: payment.pay_amount,
      });
      expect(webhookStatuses(payment)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
      const detected = chain.events.of(payment.payment_id).filter((e) => e.type === 'DepositDetected');
      expect(detected.map((e) => e.data)).toEqual([
        expect.objectContaining({ txHash, outputIndex: coin === 'eth' ? null : expect.any(Number) }),
      ]);
      figures.push(
        `${coin} on anvil: tx sent → confirming ${confirmingAt - sentAt} ms (anvil mines at once); ` +
          `2 more blocks → finished ${finishedAt - minedAt} ms (includes mining), finished webhook delivered ${webhookAt - minedAt} ms`,
      );
    },
  );

  it('leaves a token payment partially paid, then finishes it with the rest sent from a contract', async () => {
    const payment = await createPayment('usdterc20');
    const total = tokenUnits(payment.pay_amount);
    const first = await token.transfer(payment.pay_address, total / 2n);
    await chain.events.until(payment.payment_id, 'PaymentUnderpaid');
    expect((await readPayment(payment)).payment_status).toBe('partially_paid');
    const fromContract = await token.transferFromContract(payment.pay_address, total - total / 2n);
    await chain.events.until(payment.payment_id, 'PaymentConfirming');
    await node.mine(REQUIRED_CONFIRMATIONS);
    const history = await chain.events.until(payment.payment_id, 'PaymentFinished');
    expect(
      history.filter((e) => e.type === 'DepositDetected').map((e) => (e.data as { txHash: string }).txHash),
    ).toEqual([first, fromContract]);
    expect(await readPayment(payment)).toMatchObject({
      payment_status: 'finished',
      actually_paid: payment.pay_amount,
    });
  });

  it('records an ETH overpayment in full, to the wei', async () => {
    const payment = await createPayment('eth');
    const paid = wei(payment.pay_amount) + 123_456_789n;
    await node.payNative(payment.pay_address, paid);
    await node.mine(REQUIRED_CONFIRMATIONS);
    await chain.events.until(payment.payment_id, 'PaymentFinished');
    const deposit = chain.events.of(payment.payment_id).find((e) => e.type === 'DepositDetected')!;
    expect(wei((deposit.data as { amount: string }).amount)).toBe(paid);
  });

  it('reports a token payment after expiry as late, without reviving the payment', async () => {
    const payment = await createPayment('usdterc20');
    const [created] = await chain.events.until(payment.payment_id, 'PaymentCreated');
    const reply = await chain.gateway.gateway.ctx.commands.send(
      streamIdOf('payment', payment.payment_id),
      merchant.merchantId,
      {
        type: 'ExpirePayment',
        data: {},
        metadata: { now: (created!.data as { expiresAt: string }).expiresAt },
      },
    );
    expect(reply.ok).toBe(true);
    const txHash = await token.transfer(payment.pay_address, tokenUnits(payment.pay_amount));
    const history = await chain.events.until(payment.payment_id, 'LateDepositReceived');
    expect(history.at(-1)!.data).toMatchObject({ txHash, paymentStatus: 'expired' });
    expect(await readPayment(payment)).toMatchObject({ payment_status: 'expired', actually_paid: 0 });
  });

  it('takes back the confirmations of a block anvil_reorg drops, and finishes once the transaction is mined again', async () => {
    const payment = await createPayment('eth');
    const signed = await node.signNative(payment.pay_address, wei(payment.pay_amount));
    const txHash = await node.broadcast(signed);
    await chain.events.until(payment.payment_id, 'PaymentConfirming');
    await node.reorg(1);
    const lost = await chain.events.until(payment.payment_id, 'DepositConfirmationsLost');
    expect(lost.at(-1)!.data).toMatchObject({ txHash, confirmations: 0 });
    expect(webhookStatuses(payment)).not.toContain('finished');

    // As a node re-includes a dropped transaction from its pool: the same transaction, in a new block.
    expect(await node.broadcast(signed)).toBe(txHash);
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    const history = await chain.events.until(payment.payment_id, 'PaymentFinished');
    const types = history.map((e) => e.type);
    expect(types.indexOf('DepositConfirmationsLost')).toBeLessThan(types.indexOf('PaymentConfirmed'));
    expect(types.filter((t) => t === 'DepositDetected')).toHaveLength(1);
    expect(await readPayment(payment)).toMatchObject({ payment_status: 'finished', payin_hash: txHash });
  });

  async function readiness(): Promise<Record<string, { status: string }>> {
    const response = await fetch(`${chain.gateway.baseUrl}/health/ready`);
    return ((await response.json()) as { checks: Record<string, { status: string }> }).checks;
  }

  it('resumes from its checkpoint after the whole gateway restarts while blocks arrive, counting nothing twice', async () => {
    const payment = await createPayment('usdterc20');
    const txHash = await token.transfer(payment.pay_address, tokenUnits(payment.pay_amount));
    await chain.events.until(payment.payment_id, 'PaymentConfirming');
    await chain.restartGateway(() => node.mine(REQUIRED_CONFIRMATIONS));
    const store = chain.gateway.gateway.ctx.eventStore;
    for (;;) {
      const stream = await store.readStream(streamIdOf('payment', payment.payment_id));
      if (stream.some((e) => e.type === 'PaymentFinished')) {
        expect(stream.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await readPayment(payment)).toMatchObject({ payment_status: 'finished', payin_hash: txHash });
    expect((await readiness())['chain-eth']?.status).toBe('up');
  });

  it('family A: a USDT invoice on ETH is paid, with the tx hash in its record and webhook', async () => {
    await readyMerchant(chain.gateway, merchant);
    const client = new AlphaClient(chain.gateway.baseUrl, merchant);
    const created = await client.createPayment({
      to_currency: 'USDT',
      network: 'ETH',
      url_callback: `${chain.webhooks.url}/alpha-usdt`,
    });
    const stored = await storedPayment(chain.gateway, created.uuid);
    expect(stored.payCurrency).toBe('usdterc20');
    const txHash = await token.transferFromContract(created.address, tokenUnits(created.payer_amount));
    await chain.events.until(stored.paymentId, 'PaymentConfirming');
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    await chain.events.until(stored.paymentId, 'PaymentFinished');
    expect(await client.paymentWhen(created.uuid, (p) => p.status === 'paid')).toMatchObject({
      txid: txHash,
      is_final: true,
    });
    const call = await untilWebhook((json) => json.uuid === created.uuid && json.status === 'paid');
    expect(call.json).toMatchObject({ txid: txHash });
  });

  it('family B: an ETH invoice is Paid, with the tx hash in its txs and webhook', async () => {
    const client = new BetaClient(chain.gateway.baseUrl, merchant);
    const { track_id: trackId } = await client.createInvoice({
      amount: 0.05,
      currency: 'ETH',
      callback_url: `${chain.webhooks.url}/beta-eth`,
    });
    const stored = await storedPayment(chain.gateway, Number(trackId));
    const txHash = await node.payNative(stored.payAddress, wei(stored.payAmount));
    await chain.events.until(stored.paymentId, 'PaymentConfirming');
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    await chain.events.until(stored.paymentId, 'PaymentFinished');
    const call = await untilWebhook((json) => json.track_id === trackId && json.status === 'Paid');
    expect((call.json.txs as { tx_hash: string }[]).map((tx) => tx.tx_hash)).toEqual([txHash]);
  });

  // Last: the node goes away for good.
  it('shows a node outage in readiness and metrics', async () => {
    await node.stop();
    while ((await readiness())['chain-eth']?.status !== 'down')
      await new Promise((resolve) => setTimeout(resolve, 20));
    const metrics = await (await fetch(`${chain.gateway.baseUrl}/metrics`)).text();
    expect(metrics).toContain('chain_node_up{network="eth",service="all"} 0');
  });
});
