import type { ChainService } from '@gw/service-chain';
import { streamIdOf } from '@gw/domain';
import { toBaseUnits } from '@gw/pricing';
import { ChainWatchers } from '../../../services/chain/src/watchers/chain-watchers';
import type { Receiver } from '../../e2e/notifier/support/receiver';
import type { TestGateway } from '../../support/gateway';
import type { PaymentEventLog } from '../../support/chain/payment-event-log';
import type { RegtestNode, RegtestNetwork } from '../../support/chain/regtest-node';
import type { RegtestWallet } from '../../support/chain/regtest-wallet';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchedChain, type WatchedChain } from '../../support/chain/watched-chain';
import { webhookCall } from '../../support/chain/webhook-calls';

const REQUIRED_CONFIRMATIONS = 2;

describe.each<RegtestNetwork>(['btc', 'ltc'])('the %s watcher on a real regtest node', (network) => {
  let node: RegtestNode;
  let wallet: RegtestWallet;
  let gateway: TestGateway;
  let events: PaymentEventLog;
  let ipn: Receiver;
  let chain: WatchedChain;
  const figures: string[] = [];

  beforeAll(async () => {
    chain = await startWatchedChain(network, { requiredConfirmations: REQUIRED_CONFIRMATIONS, coins: 7 });
    ({ node, wallet, gateway, events, webhooks: ipn } = chain);
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
    if (figures.length > 0) process.stdout.write(`\n${figures.join('\n')}\n`);
  });

  const call = v1Caller(
    () => gateway.baseUrl,
    () => gateway.demoMerchant.apiKey,
  );

  const createPayment = () =>
    call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: network,
      order_id: `watch-${network}`,
      ipn_callback_url: `${ipn.url}/ipn`,
    });
  const readPayment = (payment: V1Payment) => call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`);
  const baseUnits = (amount: number): bigint => BigInt(toBaseUnits(String(amount), 8));
  const webhookStatuses = (payment: V1Payment) =>
    ipn.calls.filter((c) => c.json.payment_id === payment.payment_id).map((c) => c.json.payment_status);
  const untilWebhook = (payment: V1Payment, status: string) =>
    webhookCall(ipn, (json) => json.payment_id === payment.payment_id && json.payment_status === status);

  it('takes an exact payment: confirming from the mempool, finished after the required blocks, with the real txid', async () => {
    const payment = await createPayment();
    const broadcastAt = Date.now();
    const txid = await wallet.pay([{ address: payment.pay_address, amount: baseUnits(payment.pay_amount) }]);
    await events.until(payment.payment_id, 'PaymentConfirming');
    const confirmingAt = Date.now();
    const confirming = await readPayment(payment);
    expect(confirming).toMatchObject({
      payment_status: 'confirming',
      payin_hash: txid,
      actually_paid: payment.pay_amount,
    });

    await node.mine(1);
    await events.until(payment.payment_id, 'DepositConfirmationsUpdated');
    expect(events.typesOf(payment.payment_id)).not.toContain('PaymentConfirmed');
    const minedAt = Date.now();
    await node.mine(1);
    await events.until(payment.payment_id, 'PaymentConfirmed');
    const confirmedAt = Date.now();
    await events.until(payment.payment_id, 'PaymentFinished');
    const finishedAt = Date.now();
    await untilWebhook(payment, 'finished');
    const webhookAt = Date.now();

    const finished = await readPayment(payment);
    expect(finished).toMatchObject({
      payment_status: 'finished',
      payin_hash: txid,
      actually_paid: payment.pay_amount,
      // The coins are in the merchant's own wallet: nothing is paid out and no fee is taken.
      payout_hash: null,
      outcome_amount: payment.pay_amount,
      is_test: false,
    });
    expect(events.typesOf(payment.payment_id)).toEqual([
      'PaymentCreated',
      'DepositDetected',
      'PaymentConfirming',
      'DepositConfirmationsUpdated',
      'DepositConfirmationsUpdated',
      'PaymentConfirmed',
      'PaymentFinished',
    ]);
    expect(webhookStatuses(payment)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
    expect(
      ipn.calls.filter((c) => c.json.payment_id === payment.payment_id).map((c) => c.json.is_test),
    ).toEqual([false, false, false, false]);
    figures.push(
      `${network}: broadcast → confirming ${confirmingAt - broadcastAt} ms; 2nd block → confirmed ${confirmedAt - minedAt} ms` +
        ` (includes mining the block), → finished ${finishedAt - minedAt} ms, finished webhook delivered ${webhookAt - minedAt} ms`,
    );
  });

  it('leaves a partial payment partially_paid and finishes it once the rest arrives', async () => {
    const payment = await createPayment();
    const total = baseUnits(payment.pay_amount);
    const first = await wallet.pay([{ address: payment.pay_address, amount: total / 2n }]);
    await events.until(payment.payment_id, 'PaymentUnderpaid');
    expect((await readPayment(payment)).payment_status).toBe('partially_paid');
    await wallet.pay([{ address: payment.pay_address, amount: total - total / 2n }]);
    await events.until(payment.payment_id, 'PaymentConfirming');
    await node.mine(REQUIRED_CONFIRMATIONS);
    await events.until(payment.payment_id, 'PaymentFinished');
    const finished = await readPayment(payment);
    expect(finished).toMatchObject({ actually_paid: payment.pay_amount, payin_hash: first });
    expect(events.typesOf(payment.payment_id).filter((t) => t === 'DepositDetected')).toHaveLength(2);
  });

  it('records an overpayment in full', async () => {
    const payment = await createPayment();
    const paid = baseUnits(payment.pay_amount) + 12_345n;
    await wallet.pay([{ address: payment.pay_address, amount: paid }]);
    await node.mine(REQUIRED_CONFIRMATIONS);
    await events.until(payment.payment_id, 'PaymentFinished');
    const finished = await readPayment(payment);
    expect(baseUnits(finished.actually_paid)).toBe(paid);
  });

  it('reports a deposit that arrives after expiry as late, without reviving the payment', async () => {
    const payment = await createPayment();
    const [created] = await events.until(payment.payment_id, 'PaymentCreated');
    const expiresAt = (created!.data as { expiresAt: string }).expiresAt;
    const reply = await gateway.gateway.ctx.commands.send(
      streamIdOf('payment', payment.payment_id),
      gateway.demoMerchant.merchantId,
      { type: 'ExpirePayment', data: {}, metadata: { now: expiresAt } },
    );
    expect(reply.ok).toBe(true);
    const txid = await wallet.pay([{ address: payment.pay_address, amount: baseUnits(payment.pay_amount) }]);
    const history = await events.until(payment.payment_id, 'LateDepositReceived');
    expect(history.slice(0, 3).map((e) => e.type)).toEqual([
      'PaymentCreated',
      'PaymentExpired',
      'LateDepositReceived',
    ]);
    expect(history[2]!.data).toMatchObject({
      txHash: txid,
      amount: String(payment.pay_amount),
      paymentStatus: 'expired',
    });
    expect(await readPayment(payment)).toMatchObject({ payment_status: 'expired', actually_paid: 0 });
  });

  it('opens a repeated payment for a second full payment to a finished one, finished on its own blocks', async () => {
    const payment = await createPayment();
    await wallet.pay([{ address: payment.pay_address, amount: baseUnits(payment.pay_amount) }]);
    await events.until(payment.payment_id, 'PaymentConfirming');
    await node.mine(REQUIRED_CONFIRMATIONS);
    await events.until(payment.payment_id, 'PaymentFinished');

    const txid = await wallet.pay([{ address: payment.pay_address, amount: baseUnits(payment.pay_amount) }]);
    const late = (await events.until(payment.payment_id, 'LateDepositReceived')).at(-1)!;
    expect(late.data).toMatchObject({ txHash: txid, paymentStatus: 'finished' });
    const child = {
      payment_id: (late.data as { repeatedPayment: { paymentId: number } }).repeatedPayment.paymentId,
    };
    await node.mine(REQUIRED_CONFIRMATIONS);
    await events.until(child.payment_id, 'PaymentFinished');
    expect(await readPayment(child as V1Payment)).toMatchObject({
      payment_status: 'finished',
      parent_payment_id: payment.payment_id,
      origin_type: 'REPEATED',
      payin_hash: txid,
      actually_paid: payment.pay_amount,
    });
    expect(await readPayment(payment)).toMatchObject({
      payment_status: 'finished',
      actually_paid: payment.pay_amount,
      payment_extra_ids: [child.payment_id],
    });
    await untilWebhook(child as V1Payment, 'finished');
  });

  it('pays two payments in flight with one transaction, each with its own output', async () => {
    const [a, b] = await Promise.all([createPayment(), createPayment()]);
    const txid = await wallet.pay([
      { address: a!.pay_address, amount: baseUnits(a!.pay_amount) },
      { address: b!.pay_address, amount: baseUnits(b!.pay_amount) },
    ]);
    await node.mine(REQUIRED_CONFIRMATIONS);
    await Promise.all([
      events.until(a!.payment_id, 'PaymentFinished'),
      events.until(b!.payment_id, 'PaymentFinished'),
    ]);
    for (const payment of [a!, b!]) {
      expect(await readPayment(payment)).toMatchObject({
        payin_hash: txid,
        actually_paid: payment.pay_amount,
      });
    }
  });

  it('counts two outputs of one transaction to one address as two deposits (txid:vout), summed', async () => {
    const payment = await createPayment();
    const total = baseUnits(payment.pay_amount);
    const txid = await wallet.pay([
      { address: payment.pay_address, amount: total / 2n },
      { address: payment.pay_address, amount: total - total / 2n },
    ]);
    await node.mine(REQUIRED_CONFIRMATIONS);
    const history = await events.until(payment.payment_id, 'PaymentFinished');
    const detected = history.filter((e) => e.type === 'DepositDetected').map((e) => e.data);
    expect(detected).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ txHash: txid, outputIndex: 0 }),
        expect.objectContaining({ txHash: txid, outputIndex: 1 }),
      ]),
    );
    expect(detected).toHaveLength(2);
    expect(await readPayment(payment)).toMatchObject({
      payment_status: 'finished',
      payin_hash: txid,
      actually_paid: payment.pay_amount,
    });
  });

  it('takes the confirmations of a reorganised block away and finishes only on the longer branch', async () => {
    const payment = await createPayment();
    const txid = await wallet.pay([{ address: payment.pay_address, amount: baseUnits(payment.pay_amount) }]);
    await events.until(payment.payment_id, 'PaymentConfirming');
    const [block] = await node.mine(1);
    await events.until(payment.payment_id, 'DepositConfirmationsUpdated');

    await node.call('invalidateblock', [block]);
    const lost = await events.until(payment.payment_id, 'DepositConfirmationsLost');
    expect(lost[lost.length - 1]!.data).toMatchObject({ txHash: txid, confirmations: 0 });
    expect(webhookStatuses(payment)).not.toContain('finished');

    const branch = await node.mine(REQUIRED_CONFIRMATIONS + 1, 'other');
    expect(branch[0]).not.toBe(block);
    const history = await events.until(payment.payment_id, 'PaymentFinished');
    const types = history.map((e) => e.type);
    expect(types.indexOf('DepositConfirmationsLost')).toBeLessThan(types.indexOf('PaymentConfirmed'));
    expect(types.filter((t) => t === 'DepositDetected')).toHaveLength(1);
    expect((await readPayment(payment)).payin_hash).toBe(txid);
    const tips = await node.call<{ status: string }[]>('getchaintips');
    expect(tips.some((tip) => tip.status === 'invalid')).toBe(true);
  });

  const metrics = async () => (await fetch(`${gateway.baseUrl}/metrics`)).text();

  async function untilNodeUp(up: 0 | 1): Promise<void> {
    // The watcher shows its node's state after its next poll (CHAIN_POLL_INTERVAL_MS).
    while (!(await metrics()).includes(`chain_node_up{network="${network}",gateway_service="all"} ${up}`)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('shows a node outage in metrics while staying Ready, then catches up after the watcher is killed mid-stream', async () => {
    const chainService = gateway.gateway.services.find((s) => s.name === 'chain') as ChainService;
    const payment = await createPayment();
    const txid = await wallet.pay([{ address: payment.pay_address, amount: baseUnits(payment.pay_amount) }]);
    await events.until(payment.payment_id, 'PaymentConfirming');

    await node.stop();
    await untilNodeUp(0);
    // The node's health is the watch's (metrics, alerts), not the replica's: it still serves.
    expect((await fetch(`${gateway.baseUrl}/health/ready`)).status).toBe(200);
    expect(await metrics()).toContain(
      `chain_watcher_lease_held{network="${network}",gateway_service="all"} 1`,
    );

    await node.restart();
    await wallet.rebroadcast(txid);
    await untilNodeUp(1);
    await node.mine(1);
    await events.until(payment.payment_id, 'DepositConfirmationsUpdated');

    // Killed mid-stream: a new watcher, knowing only what the store kept, takes over after more blocks.
    await chainService.chainWatchers.stop();
    await node.mine(REQUIRED_CONFIRMATIONS);
    const resumed = new ChainWatchers(gateway.gateway.ctx, gateway.gateway.ctx.logger);
    await resumed.start();
    try {
      const history = await events.until(payment.payment_id, 'PaymentFinished');
      expect(history.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
      expect(await readPayment(payment)).toMatchObject({
        payin_hash: txid,
        actually_paid: payment.pay_amount,
      });
    } finally {
      await resumed.stop();
      // The gateway's own watchers follow the chain again for the tests after this one.
      await chainService.chainWatchers.start();
    }
  });

  it('resumes after the whole gateway restarts, counting nothing twice', async () => {
    const payment = await createPayment();
    const apiKey = gateway.demoMerchant.apiKey;
    const txid = await wallet.pay([{ address: payment.pay_address, amount: baseUnits(payment.pay_amount) }]);
    await events.until(payment.payment_id, 'PaymentConfirming');

    // Blocks arrive while no watcher runs; the new watcher resumes from the checkpoint the embedded
    // journal kept and reports the deposit it already knew, once.
    await chain.restartGateway(() => node.mine(REQUIRED_CONFIRMATIONS));
    ({ gateway, events } = chain);
    const store = gateway.gateway.ctx.eventStore;
    for (;;) {
      const stream = await store.readStream(streamIdOf('payment', payment.payment_id));
      if (stream.some((e) => e.type === 'PaymentFinished')) {
        expect(stream.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const read = await fetch(`${gateway.baseUrl}/v1/payment/${payment.payment_id}`, {
      headers: { 'x-api-key': apiKey },
    });
    expect(await read.json()).toMatchObject({ payment_status: 'finished', payin_hash: txid });
  });
});
