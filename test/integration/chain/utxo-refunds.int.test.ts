import { Script, p2wsh } from '@scure/btc-signer';
import type { ChainService } from '@gw/service-chain';
import { chainParameters } from '@gw/chain';
import { streamIdOf } from '@gw/domain';
import { toBaseUnits } from '@gw/pricing';
import { adminClient } from '../../e2e/admin/admin-helpers';
import type { Receiver } from '../../e2e/notifier/support/receiver';
import type { TestGateway } from '../../support/gateway';
import type { PaymentEventLog } from '../../support/chain/payment-event-log';
import type { RegtestNode } from '../../support/chain/regtest-node';
import { RegtestWallet } from '../../support/chain/regtest-wallet';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchedChain, type WatchedChain } from '../../support/chain/watched-chain';
import { webhookCall } from '../../support/chain/webhook-calls';

const REQUIRED_CONFIRMATIONS = 2;

/**
 * A buyer's address of its own: a pay-to-witness-script-hash of a script no test spends, written as the
 * gateway's regtest chain writes it (the tests' btcd runs simnet, whose outputs carry the same script).
 */
const buyerAddress = (n: number): string =>
  p2wsh({ type: 'unknown', script: Script.encode([n, 'DROP', 'OP_1']) }, chainParameters('btc', 'regtest'))
    .address!;

interface RefundStatus {
  refund_status: string;
  payment_status: string;
  address: string | null;
  amount: string | null;
  payment_uri: string | null;
  refund_hash: string | null;
}

/**
 * Refunds without holding keys, on a real btcd: the merchant asks for a refund, sends it from its own
 * wallet, and the watcher marks the payment refunded once that transaction has the payment's
 * confirmations, with its hash and a webhook.
 */
describe('refunds on a real btc regtest node', () => {
  let node: RegtestNode;
  let buyer: RegtestWallet;
  let merchantWallet: RegtestWallet;
  let gateway: TestGateway;
  let events: PaymentEventLog;
  let ipn: Receiver;
  let chain: WatchedChain;

  beforeAll(async () => {
    chain = await startWatchedChain('btc', { requiredConfirmations: REQUIRED_CONFIRMATIONS, coins: 6 });
    ({ node, wallet: buyer, gateway, events, webhooks: ipn } = chain);
    // The merchant's own wallet, apart from the buyer's: the refund comes from coins of its own.
    merchantWallet = new RegtestWallet(node);
    await merchantWallet.fund(4);
  }, 180_000);

  afterAll(() => chain?.stop());

  const call = v1Caller(
    () => gateway.baseUrl,
    () => gateway.demoMerchant.apiKey,
  );
  const admin = <T>(method: string, path: string, body?: unknown) =>
    adminClient(gateway)<T>(method, path, body === undefined ? {} : { body });
  const baseUnits = (amount: number | string): bigint => BigInt(toBaseUnits(String(amount), 8));
  const refundOf = async (payment: V1Payment) =>
    (await admin<RefundStatus>('GET', `/payments/${payment.payment_id}/refund`)).body;

  let orders = 0;
  async function finishedPayment(): Promise<V1Payment> {
    const payment = await call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_id: `refund-${++orders}`,
      ipn_callback_url: `${ipn.url}/ipn`,
    });
    await buyer.pay([{ address: payment.pay_address, amount: baseUnits(payment.pay_amount) }]);
    await events.until(payment.payment_id, 'PaymentConfirming');
    await node.mine(REQUIRED_CONFIRMATIONS);
    await events.until(payment.payment_id, 'PaymentFinished');
    return payment;
  }

  async function requestRefund(payment: V1Payment, address: string): Promise<RefundStatus> {
    const answer = await admin<RefundStatus>('POST', `/payments/${payment.payment_id}/refund-request`, {
      address,
    });
    if (answer.status !== 200) throw new Error(`refund request refused: ${answer.status} ${answer.text}`);
    return answer.body;
  }

  const watcher = () =>
    (gateway.gateway.services.find((s) => s.name === 'chain') as ChainService).chainWatchers.watchers[0]!;
  const reportedDeposits = (): number => watcher().status().depositsReported;

  const refundedEvents = async (payment: V1Payment) =>
    (await gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', payment.payment_id))).filter(
      (e) => e.type === 'PaymentRefunded',
    );

  it('marks the payment refunded with the hash once the merchant sends the refund and it is confirmed', async () => {
    const payment = await finishedPayment();
    const address = buyerAddress(1);
    const pending = await requestRefund(payment, address);
    expect(pending).toMatchObject({
      refund_status: 'pending',
      payment_status: 'finished',
      address,
      amount: String(payment.pay_amount),
    });
    expect(pending.payment_uri).toBe(`bitcoin:${address}?amount=${payment.pay_amount}`);
    // V1 has no status for a refund under way: it stays finished, and no IPN is sent for the request.
    expect((await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`)).payment_status).toBe(
      'finished',
    );

    const txid = await merchantWallet.pay([{ address, amount: baseUnits(payment.pay_amount) }]);
    await node.mine(1);
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    const history = await events.until(payment.payment_id, 'PaymentRefunded');
    expect(history.at(-1)!.data).toMatchObject({ refundHash: txid });
    const ipnCall = await webhookCall(
      ipn,
      (json) => json.payment_id === payment.payment_id && json.payment_status === 'refunded',
    );
    expect(ipnCall.json).toMatchObject({ payment_status: 'refunded' });
    expect((await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`)).payment_status).toBe(
      'refunded',
    );
    expect(await refundOf(payment)).toMatchObject({
      refund_status: 'refunded',
      payment_status: 'refunded',
      refund_hash: txid,
      payment_uri: null,
    });
    const ipnStatuses = ipn.calls
      .filter((c) => c.json.payment_id === payment.payment_id)
      .map((c) => c.json.payment_status);
    expect(ipnStatuses).toEqual(['waiting', 'confirming', 'confirmed', 'finished', 'refunded']);
  });

  it('leaves a refund never sent pending, while an older one to the same buyer is refunded by its own transaction', async () => {
    const first = await finishedPayment();
    const second = await finishedPayment();
    const address = buyerAddress(2);
    await requestRefund(first, address);
    await requestRefund(second, address);
    // Less than either refund: it refunds nothing.
    await merchantWallet.pay([{ address, amount: baseUnits(first.pay_amount) - 1n }]);
    const txid = await merchantWallet.pay([{ address, amount: baseUnits(first.pay_amount) }]);
    await node.mine(REQUIRED_CONFIRMATIONS);
    // One transfer refunds one payment: the oldest request it pays in full.
    const history = await events.until(first.payment_id, 'PaymentRefunded');
    expect(history.at(-1)!.data).toMatchObject({ refundHash: txid });
    expect(await refundOf(second)).toMatchObject({ refund_status: 'pending', payment_status: 'finished' });
    expect(await refundedEvents(second)).toHaveLength(0);
  });

  it('refunds two payments to one buyer each by its own transaction, sent one after the other', async () => {
    const first = await finishedPayment();
    const second = await finishedPayment();
    const address = buyerAddress(4);
    await requestRefund(first, address);
    await requestRefund(second, address);
    const firstTx = await merchantWallet.pay([{ address, amount: baseUnits(first.pay_amount) }]);
    const [block] = await node.mine(1);
    // The watcher has scanned the block holding the first refund (one confirmation, not yet enough)
    // before the second is sent: a later poll sees it.
    await waitUntil(async () => watcher().status().processed?.hash === block);
    const secondTx = await merchantWallet.pay([{ address, amount: baseUnits(second.pay_amount) }]);
    await node.mine(REQUIRED_CONFIRMATIONS);
    const [firstRefunded, secondRefunded] = await Promise.all([
      events.until(first.payment_id, 'PaymentRefunded'),
      events.until(second.payment_id, 'PaymentRefunded'),
    ]);
    expect(firstRefunded.at(-1)!.data).toMatchObject({ refundHash: firstTx });
    expect(secondRefunded.at(-1)!.data).toMatchObject({ refundHash: secondTx });
  });

  it('refunds once across a gateway restart between the refund being seen and being confirmed', async () => {
    const payment = await finishedPayment();
    const address = buyerAddress(3);
    await requestRefund(payment, address);
    const txid = await merchantWallet.pay([{ address, amount: baseUnits(payment.pay_amount) }]);
    const reportedBefore = reportedDeposits();
    await node.mine(1);
    // The watcher has reported the transfer with one confirmation before the gateway goes down.
    await waitUntil(async () => reportedDeposits() > reportedBefore);
    expect(await refundedEvents(payment)).toHaveLength(0);

    await chain.restartGateway(() => node.mine(REQUIRED_CONFIRMATIONS));
    ({ gateway, events } = chain);
    await waitUntil(async () => (await refundedEvents(payment)).length > 0);
    await node.mine(1);
    await waitUntil(async () => (await refundOf(payment)).refund_status === 'refunded');
    const refunded = await refundedEvents(payment);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({ refundHash: txid });
  });
});

/** Polls a condition the gateway reaches by itself (bounded by the test's own timeout, not a clock margin). */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 25));
}
