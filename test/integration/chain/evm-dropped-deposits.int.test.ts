import { testEvmAccountPublicKey } from '@gw/chain/testing';
import { toBaseUnits } from '@gw/pricing';
import type { ChainService } from '@gw/service-chain';
import { AnvilNode } from '../../support/chain/anvil-node';
import { TestToken } from '../../support/chain/test-token';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import { webhookCall } from '../../support/chain/webhook-calls';

const REQUIRED_CONFIRMATIONS = 3;
const DROP_AFTER_BLOCKS = 3;
const wei = (amount: number | string): bigint => BigInt(toBaseUnits(String(amount), 18));
const tokenUnits = (amount: number | string): bigint => BigInt(toBaseUnits(String(amount), 6));

describe('an eth deposit whose transaction anvil_reorg drops for good', () => {
  let node: AnvilNode;
  let token: TestToken;
  let chain: WatchingGateway;

  beforeAll(async () => {
    node = await AnvilNode.start();
    token = await TestToken.deploy(node);
    chain = await startWatchingGateway({
      name: 'eth-drop',
      env: {
        ...node.watcherEnv(REQUIRED_CONFIRMATIONS, token.address),
        CHAIN_DROP_AFTER_BLOCKS: String(DROP_AFTER_BLOCKS),
      },
      walletNetwork: 'eth',
      extendedPublicKey: testEvmAccountPublicKey(),
      stopNode: () => node.stop(),
    });
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
  });

  const call = v1Caller(
    () => chain.gateway.baseUrl,
    () => chain.gateway.demoMerchant.apiKey,
  );
  const createPayment = (payCurrency: 'eth' | 'usdterc20') =>
    call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: payCurrency,
      ipn_callback_url: `${chain.webhooks.url}/ipn`,
    });
  const readPayment = (payment: V1Payment) => call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`);
  const ipnStatuses = (payment: V1Payment) =>
    chain.webhooks.calls
      .filter((c) => c.json.payment_id === payment.payment_id)
      .map((c) => c.json.payment_status);
  const watcher = () =>
    (chain.gateway.gateway.services.find((s) => s.name === 'chain') as ChainService).chainWatchers
      .watchers[0]!;
  /** Mines blocks one at a time, each processed by the watcher before the next (a drop counts blocks it saw). */
  async function mineWatched(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      await node.mine(1);
      const { hash } = await node.clients.test.getBlock({ blockTag: 'latest' });
      while (watcher().status().processed?.hash !== hash)
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('goes back to waiting with a webhook, and counts the transaction once when it is mined after all', async () => {
    const payment = await createPayment('eth');
    const signed = await node.signNative(payment.pay_address, wei(payment.pay_amount));
    const txHash = await node.broadcast(signed);
    await chain.events.until(payment.payment_id, 'PaymentConfirming');

    await node.reorg(1);
    await chain.events.until(payment.payment_id, 'DepositConfirmationsLost');
    expect(await node.clients.test.getTransaction({ hash: txHash }).catch(() => null)).toBeNull();
    await mineWatched(DROP_AFTER_BLOCKS + 1);

    const history = await chain.events.until(payment.payment_id, 'DepositDropped');
    expect(history.find((e) => e.type === 'DepositDropped')!.data).toMatchObject({
      txHash,
      outputIndex: null,
      actuallyPaid: '0',
      paymentStatus: 'waiting',
    });
    expect(await readPayment(payment)).toMatchObject({
      payment_status: 'waiting',
      actually_paid: 0,
      payin_hash: null,
    });
    const ipn = await webhookCall(
      chain.webhooks,
      (json) => json.payment_id === payment.payment_id && json.payment_status === 'waiting',
      2,
    );
    expect(ipn.json).toMatchObject({ actually_paid: 0 });

    // The buyer's wallet broadcasts the same signed transaction again: it is mined, and counted once.
    expect(await node.broadcast(signed)).toBe(txHash);
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    const finished = await chain.events.until(payment.payment_id, 'PaymentFinished');
    const types = finished.map((e) => e.type);
    expect(types.filter((t) => t === 'DepositDetected')).toHaveLength(2);
    expect(types.filter((t) => t === 'DepositDropped')).toHaveLength(1);
    expect(await readPayment(payment)).toMatchObject({
      payment_status: 'finished',
      actually_paid: payment.pay_amount,
      payin_hash: txHash,
    });
    await webhookCall(
      chain.webhooks,
      (json) => json.payment_id === payment.payment_id && json.payment_status === 'finished',
    );
    expect(ipnStatuses(payment)).toEqual([
      'waiting',
      'confirming',
      'waiting',
      'confirming',
      'confirmed',
      'finished',
    ]);
  });

  it('drops a token deposit by transaction hash and log index', async () => {
    const payment = await createPayment('usdterc20');
    const txHash = await token.transfer(payment.pay_address, tokenUnits(payment.pay_amount));
    const detected = await chain.events.until(payment.payment_id, 'PaymentConfirming');
    const { outputIndex } = detected.find((e) => e.type === 'DepositDetected')!.data as {
      outputIndex: number;
    };

    await node.reorg(1);
    await chain.events.until(payment.payment_id, 'DepositConfirmationsLost');
    await mineWatched(DROP_AFTER_BLOCKS + 1);

    const history = await chain.events.until(payment.payment_id, 'DepositDropped');
    expect(history.find((e) => e.type === 'DepositDropped')!.data).toMatchObject({
      txHash,
      outputIndex,
      actuallyPaid: '0',
      paymentStatus: 'waiting',
    });
    expect(outputIndex).toEqual(expect.any(Number));
    expect(await readPayment(payment)).toMatchObject({ payment_status: 'waiting', actually_paid: 0 });
  });
});
