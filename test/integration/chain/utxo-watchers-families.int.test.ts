import { toBaseUnits } from '@gw/pricing';
import { AlphaClient, type AlphaPayment } from '../../e2e/alpha/alpha-client';
import { finalise, readyMerchant, storedPayment } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient } from '../../e2e/beta/beta-client';
import type { RegtestNetwork } from '../../support/chain/regtest-node';
import { startWatchedChain, type WatchedChain } from '../../support/chain/watched-chain';
import { webhookCall, webhookStatuses } from '../../support/chain/webhook-calls';

const REQUIRED_CONFIRMATIONS = 2;
const baseUnits = (amount: string | number): bigint => BigInt(toBaseUnits(String(amount), 8));
const coins = (units: bigint): number => Number(units) / 1e8;

/**
 * Families A (Cryptomus) and B (OxaPay) paid on a real chain, each in its own vocabulary: the real txid
 * in their records and webhooks, underpayments, overpayments, money after expiry and a reorganisation.
 */
describe.each<RegtestNetwork>(['btc', 'ltc'])('families A and B paid on a real %s node', (network) => {
  let chain: WatchedChain;

  beforeAll(async () => {
    chain = await startWatchedChain(network, { requiredConfirmations: REQUIRED_CONFIRMATIONS, coins: 4 });
    await readyMerchant(chain.gateway, chain.gateway.demoMerchant);
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
  });

  /** Pays `amount` to `address` and mines the required blocks; resolves with the txid once the payment finished. */
  async function payToFinish(paymentId: number, address: string, amount: bigint): Promise<string> {
    const txid = await chain.wallet.pay([{ address, amount }]);
    await chain.events.until(paymentId, 'PaymentConfirming');
    await chain.node.mine(REQUIRED_CONFIRMATIONS);
    await chain.events.until(paymentId, 'PaymentFinished');
    return txid;
  }

  /**
   * Pays `amount` to `address`, lets one block take the transaction in, takes that block away
   * (`invalidateblock`) and mines a longer branch that holds it again; resolves with the txid once the
   * payment finished, after the confirmation was lost.
   */
  async function payThroughReorganisation(
    paymentId: number,
    address: string,
    amount: bigint,
  ): Promise<string> {
    const txid = await chain.wallet.pay([{ address, amount }]);
    await chain.events.until(paymentId, 'PaymentConfirming');
    const [block] = await chain.node.mine(1);
    await chain.events.until(paymentId, 'DepositConfirmationsUpdated');
    await chain.node.call('invalidateblock', [block]);
    const lost = await chain.events.until(paymentId, 'DepositConfirmationsLost');
    expect(lost.at(-1)!.data).toMatchObject({ txHash: txid, confirmations: 0 });
    const branch = await chain.node.mine(REQUIRED_CONFIRMATIONS + 1, 'other');
    expect(branch[0]).not.toBe(block);
    const types = (await chain.events.until(paymentId, 'PaymentFinished')).map((e) => e.type);
    expect(types.indexOf('DepositConfirmationsLost')).toBeLessThan(types.indexOf('PaymentConfirmed'));
    expect(types.filter((t) => t === 'DepositDetected')).toHaveLength(1);
    return txid;
  }

  describe('family A', () => {
    const client = () => new AlphaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const create = async (fields: Record<string, unknown> = {}) => {
      const payment = await client().createPayment({
        to_currency: network.toUpperCase(),
        network,
        url_callback: `${chain.webhooks.url}/alpha`,
        ...fields,
      });
      return { payment, stored: await storedPayment(chain.gateway, payment.uuid) };
    };
    const about = (payment: AlphaPayment) => (json: Record<string, unknown>) => json.uuid === payment.uuid;
    const webhook = (payment: AlphaPayment, status: string, count = 1) =>
      webhookCall(chain.webhooks, (json) => about(payment)(json) && json.status === status, count);

    it('an invoice paid exactly is paid, with the txid in its record and webhook', async () => {
      const { payment, stored } = await create();
      const txid = await chain.wallet.pay([
        { address: payment.address, amount: baseUnits(payment.payer_amount) },
      ]);
      await chain.events.until(stored.paymentId, 'PaymentConfirming');
      expect(await client().paymentWhen(payment.uuid, (p) => p.txid === txid)).toMatchObject({
        status: 'confirm_check',
        is_final: false,
      });

      await chain.node.mine(REQUIRED_CONFIRMATIONS);
      await chain.events.until(stored.paymentId, 'PaymentFinished');
      // Paid to the merchant's wallet on a real node: not a test payment, in the record and the signed webhook.
      expect(await client().paymentWhen(payment.uuid, (p) => p.status === 'paid')).toMatchObject({
        txid,
        is_final: true,
        is_test: false,
        payment_amount: payment.payer_amount,
      });
      const call = await webhook(payment, 'paid');
      expect(call.json).toMatchObject({ uuid: payment.uuid, txid, is_final: true, is_test: false });
    });

    it('an underpayment is wrong_amount and final: the rest is kept on the invoice, which stays wrong_amount', async () => {
      const { payment, stored } = await create();
      const total = baseUnits(payment.payer_amount);
      const first = await chain.wallet.pay([{ address: payment.address, amount: total / 2n }]);
      await chain.events.until(stored.paymentId, 'PaymentUnderpaid');
      const underpaid = await client().paymentWhen(payment.uuid, (p) => p.status === 'wrong_amount');
      expect(underpaid).toMatchObject({ payment_status: 'partially_paid', is_final: true, txid: first });
      expect(baseUnits(underpaid.payment_amount)).toBe(total / 2n);
      expect((await webhook(payment, 'wrong_amount')).json).toMatchObject({ txid: first, is_final: true });

      const rest = await chain.wallet.pay([{ address: payment.address, amount: total - total / 2n }]);
      await chain.events.until(stored.paymentId, 'LateDepositReceived');
      const topped = await client().paymentWhen(payment.uuid, (p) => baseUnits(p.payment_amount) === total);
      expect(topped).toMatchObject({ status: 'wrong_amount', is_final: true, txid: first });
      // The webhook names the money it is about: the latest transaction.
      const second = await webhook(payment, 'wrong_amount', 2);
      expect(second.json).toMatchObject({ txid: rest, is_final: true, payer_amount: payment.payer_amount });
      expect(baseUnits(second.json.payment_amount as string)).toBe(total);
      expect(webhookStatuses(chain.webhooks, about(payment))).toEqual(['wrong_amount', 'wrong_amount']);
    });

    it('an underpayment within accuracy_payment_percent is paid', async () => {
      const { payment, stored } = await create({ accuracy_payment_percent: 5 });
      const paid = (baseUnits(payment.payer_amount) * 97n) / 100n;
      const txid = await payToFinish(stored.paymentId, payment.address, paid);
      const record = await client().paymentWhen(payment.uuid, (p) => p.status === 'paid');
      expect(record).toMatchObject({ payment_status: 'finished', is_final: true, txid });
      expect(baseUnits(record.payment_amount)).toBe(paid);
      expect((await webhook(payment, 'paid')).json).toMatchObject({ txid, is_final: true });
      expect(webhookStatuses(chain.webhooks, about(payment))).toEqual(['confirm_check', 'paid']);
    });

    it('an overpayment is paid_over, with everything received in payment_amount', async () => {
      const { payment, stored } = await create();
      const paid = baseUnits(payment.payer_amount) + 12_345n;
      const txid = await payToFinish(stored.paymentId, payment.address, paid);
      const record = await client().paymentWhen(payment.uuid, (p) => p.status === 'paid_over');
      expect(record).toMatchObject({ payment_status: 'finished', is_final: true, txid });
      expect(baseUnits(record.payment_amount)).toBe(paid);
      const call = await webhook(payment, 'paid_over');
      expect(call.json).toMatchObject({ txid, is_final: true, payer_amount: payment.payer_amount });
      expect(baseUnits(call.json.payment_amount as string)).toBe(paid);
    });

    it('a payment after expiry stays cancel, the money kept on the invoice with its txid', async () => {
      const { payment, stored } = await create();
      await finalise(chain.gateway, stored, 'expire');
      expect(await client().paymentWhen(payment.uuid, (p) => p.status === 'cancel')).toMatchObject({
        payment_status: 'expired',
        is_final: true,
        txid: null,
      });
      await webhook(payment, 'cancel');

      const txid = await chain.wallet.pay([
        { address: payment.address, amount: baseUnits(payment.payer_amount) },
      ]);
      const history = await chain.events.until(stored.paymentId, 'LateDepositReceived');
      expect(history.map((e) => e.type)).not.toContain('PaymentConfirming');
      const record = await client().paymentWhen(payment.uuid, (p) => p.txid === txid);
      expect(record).toMatchObject({
        status: 'cancel',
        is_final: true,
        payment_amount: payment.payer_amount,
      });
      expect((await webhook(payment, 'cancel', 2)).json).toMatchObject({ txid, is_final: true });
    });

    it('a reorganised block takes no confirmation it lost into paid; the longer branch pays it', async () => {
      const { payment, stored } = await create();
      const txid = await payThroughReorganisation(
        stored.paymentId,
        payment.address,
        baseUnits(payment.payer_amount),
      );
      expect(await client().paymentWhen(payment.uuid, (p) => p.status === 'paid')).toMatchObject({
        txid,
        is_final: true,
        payment_amount: payment.payer_amount,
      });
      await webhook(payment, 'paid');
      expect(webhookStatuses(chain.webhooks, about(payment))).toEqual(['confirm_check', 'paid']);
    });
  });

  describe('family B', () => {
    const client = () => new BetaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
    const create = async (fields: Record<string, unknown> = {}) => {
      const { track_id: trackId } = await client().createInvoice({
        amount: network === 'btc' ? 0.01 : 0.1,
        currency: network.toUpperCase(),
        callback_url: `${chain.webhooks.url}/beta`,
        ...fields,
      });
      return { trackId, stored: await storedPayment(chain.gateway, Number(trackId)) };
    };
    const about = (trackId: string) => (json: Record<string, unknown>) => json.track_id === trackId;
    const webhook = (trackId: string, status: string, count = 1) =>
      webhookCall(chain.webhooks, (json) => about(trackId)(json) && json.status === status, count);
    const information = async (trackId: string) => {
      const answer = await client().send('GET', `/payment/${trackId}`);
      expect(answer.status).toBe(200);
      return answer.body.data as {
        status: string;
        under_paid_coverage: number;
        txs: { tx_hash: string; amount: number; status: string }[];
      };
    };
    type Tx = { tx_hash: string; received_amount: number; status: string };
    const hashes = (txs: unknown) => (txs as Tx[]).map((tx) => tx.tx_hash);

    it('an invoice paid exactly is Paid, with the tx hash in its txs and webhook', async () => {
      const { trackId, stored } = await create();
      const txid = await payToFinish(stored.paymentId, stored.payAddress, baseUnits(stored.payAmount));
      const call = await webhook(trackId, 'Paid');
      expect(hashes(call.json.txs)).toEqual([txid]);
      expect(call.json.sandbox).toBe(false);
      expect(await client().itemWhen(trackId, (i) => i.status === 'Paid')).toMatchObject({ sandbox: false });
      expect(await information(trackId)).toMatchObject({ sandbox: false });
      expect(hashes((await information(trackId)).txs)).toEqual([txid]);
      expect(webhookStatuses(chain.webhooks, about(trackId))).toEqual(['Paying', 'Paid']);
    });

    it('a partial payment is Underpaid, and Paid once the rest arrives, with both transactions', async () => {
      const { trackId, stored } = await create();
      const total = baseUnits(stored.payAmount);
      const first = await chain.wallet.pay([{ address: stored.payAddress, amount: total / 2n }]);
      await chain.events.until(stored.paymentId, 'PaymentUnderpaid');
      await client().itemWhen(trackId, (i) => i.status === 'Underpaid');
      expect(hashes((await webhook(trackId, 'Underpaid')).json.txs)).toEqual([first]);

      const rest = await payToFinish(stored.paymentId, stored.payAddress, total - total / 2n);
      const paid = await webhook(trackId, 'Paid');
      expect(paid.json.txs).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            tx_hash: first,
            received_amount: coins(total / 2n),
            status: 'confirmed',
          }),
          expect.objectContaining({
            tx_hash: rest,
            received_amount: coins(total - total / 2n),
            status: 'confirmed',
          }),
        ]),
      );
      await client().itemWhen(trackId, (i) => i.status === 'Paid');
      expect(hashes((await information(trackId)).txs).sort()).toEqual([first, rest].sort());
      expect(webhookStatuses(chain.webhooks, about(trackId))).toEqual(['Underpaid', 'Paying', 'Paid']);
    });

    it('an underpayment within under_paid_coverage is Paid', async () => {
      const { trackId, stored } = await create({ under_paid_coverage: 5 });
      const paid = (baseUnits(stored.payAmount) * 97n) / 100n;
      const txid = await payToFinish(stored.paymentId, stored.payAddress, paid);
      const call = await webhook(trackId, 'Paid');
      expect(call.json).toMatchObject({ under_paid_coverage: 5 });
      expect(call.json.txs).toEqual([
        expect.objectContaining({ tx_hash: txid, received_amount: coins(paid) }),
      ]);
      await client().itemWhen(trackId, (i) => i.status === 'Paid');
      expect(await information(trackId)).toMatchObject({ status: 'Paid', under_paid_coverage: 5 });
    });

    it('an overpayment is Paid, with the whole amount received in its transaction', async () => {
      const { trackId, stored } = await create();
      const paid = baseUnits(stored.payAmount) + 12_345n;
      const txid = await payToFinish(stored.paymentId, stored.payAddress, paid);
      const call = await webhook(trackId, 'Paid');
      expect(call.json.txs).toEqual([
        expect.objectContaining({ tx_hash: txid, received_amount: coins(paid) }),
      ]);
      await client().itemWhen(trackId, (i) => i.status === 'Paid');
      expect((await information(trackId)).txs).toEqual([
        expect.objectContaining({ tx_hash: txid, amount: coins(paid), status: 'confirmed' }),
      ]);
    });

    it('a payment after expiry stays Expired, with the money as one more transaction', async () => {
      const { trackId, stored } = await create();
      await finalise(chain.gateway, stored, 'expire');
      await client().itemWhen(trackId, (i) => i.status === 'Expired');
      expect(hashes((await webhook(trackId, 'Expired')).json.txs)).toEqual([]);

      const txid = await chain.wallet.pay([
        { address: stored.payAddress, amount: baseUnits(stored.payAmount) },
      ]);
      const history = await chain.events.until(stored.paymentId, 'LateDepositReceived');
      expect(history.map((e) => e.type)).not.toContain('PaymentConfirming');
      expect(hashes((await webhook(trackId, 'Expired', 2)).json.txs)).toEqual([txid]);
      expect(await information(trackId)).toMatchObject({
        status: 'Expired',
        txs: [expect.objectContaining({ tx_hash: txid, amount: coins(baseUnits(stored.payAmount)) })],
      });
    });

    it('a reorganised block takes no confirmation it lost into Paid; the longer branch pays it', async () => {
      const { trackId, stored } = await create();
      const txid = await payThroughReorganisation(
        stored.paymentId,
        stored.payAddress,
        baseUnits(stored.payAmount),
      );
      expect(hashes((await webhook(trackId, 'Paid')).json.txs)).toEqual([txid]);
      await client().itemWhen(trackId, (i) => i.status === 'Paid');
      expect(webhookStatuses(chain.webhooks, about(trackId))).toEqual(['Paying', 'Paid']);
    });
  });
});
