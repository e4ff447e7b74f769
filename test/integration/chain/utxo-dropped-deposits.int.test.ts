import { toBaseUnits } from '@gw/pricing';
import { AlphaClient } from '../../e2e/alpha/alpha-client';
import { readyMerchant, storedPayment } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient } from '../../e2e/beta/beta-client';
import type { ChainService } from '@gw/service-chain';
import type { RegtestNetwork } from '../../support/chain/regtest-node';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchedChain, type WatchedChain } from '../../support/chain/watched-chain';
import { webhookCall } from '../../support/chain/webhook-calls';

const REQUIRED_CONFIRMATIONS = 2;
const DROP_AFTER_BLOCKS = 3;

describe.each<RegtestNetwork>(['btc', 'ltc'])(
  'a %s deposit whose transaction leaves the chain for good',
  (network) => {
    let chain: WatchedChain;

    beforeAll(async () => {
      chain = await startWatchedChain(network, {
        requiredConfirmations: REQUIRED_CONFIRMATIONS,
        coins: 4,
        env: { CHAIN_DROP_AFTER_BLOCKS: String(DROP_AFTER_BLOCKS) },
      });
      await readyMerchant(chain.gateway, chain.gateway.demoMerchant);
    }, 120_000);

    afterAll(async () => {
      await chain?.stop();
    });

    const call = v1Caller(
      () => chain.gateway.baseUrl,
      () => chain.gateway.demoMerchant.apiKey,
    );
    const createPayment = (orderId: string) =>
      call<V1Payment>('POST', '/v1/payment', {
        price_amount: 100,
        price_currency: 'usd',
        pay_currency: network,
        order_id: orderId,
        ipn_callback_url: `${chain.webhooks.url}/ipn`,
      });
    const watcher = () =>
      (
        chain.gateway.gateway.services.find((s) => s.name === 'chain') as ChainService
      ).chainWatchers.watchers.find((w) => w.network === network)!;
    /**
     * Mines blocks one at a time, each processed by the watcher before the next: a deposit is dropped after
     * blocks the watcher saw go by without it, not after blocks mined before it looked.
     */
    async function mineWatched(count: number, payee: 'miner' | 'other' = 'miner'): Promise<string[]> {
      const hashes: string[] = [];
      for (let i = 0; i < count; i++) {
        const [hash] = await chain.node.mine(1, payee);
        while (watcher().status().processed?.hash !== hash)
          await new Promise((resolve) => setTimeout(resolve, 20));
        hashes.push(hash!);
      }
      return hashes;
    }
    const readPayment = (payment: V1Payment) => call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`);
    const baseUnits = (amount: number | string): bigint => BigInt(toBaseUnits(String(amount), 8));
    const ipnStatuses = (payment: V1Payment) =>
      chain.webhooks.calls
        .filter((c) => c.json.payment_id === payment.payment_id)
        .map((c) => c.json.payment_status);

    it('is reorganised out and double-spent on the longer branch: the payment goes back to waiting, with a webhook', async () => {
      const payment = await createPayment(`drop-${network}`);
      const paid = await chain.wallet.payReplaceable([
        { address: payment.pay_address, amount: baseUnits(payment.pay_amount) },
      ]);
      await chain.events.until(payment.payment_id, 'PaymentConfirming');
      const [block] = await chain.node.mine(1);
      await chain.events.until(payment.payment_id, 'DepositConfirmationsUpdated');

      // The block leaves the best chain, its transaction goes back to the mempool, and the buyer spends
      // the same coin again with a higher fee: the replacement is what the longer branch mines.
      await chain.node.call('invalidateblock', [block]);
      await chain.events.until(payment.payment_id, 'DepositConfirmationsLost');
      const replacement = await paid.doubleSpend();
      const branch = await mineWatched(DROP_AFTER_BLOCKS + 1, 'other');
      expect(branch[0]).not.toBe(block);

      const history = await chain.events.until(payment.payment_id, 'DepositDropped');
      const dropped = history.find((e) => e.type === 'DepositDropped')!;
      expect(dropped.data).toMatchObject({
        txHash: paid.txid,
        outputIndex: 0,
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
      expect(ipn.json).toMatchObject({ payment_status: 'waiting', actually_paid: 0 });
      expect(ipnStatuses(payment)).toEqual(['waiting', 'confirming', 'waiting']);
      expect(replacement).not.toBe(paid.txid);
      expect(await chain.node.call<string[]>('getrawmempool')).not.toContain(paid.txid);
    });

    if (network === 'btc') {
      // btcd keeps no mempool across a restart: the node forgets a transaction it never mined.
      it('forgotten by its node, counts once when the buyer broadcasts it again', async () => {
        const payment = await createPayment(`drop-return-${network}`);
        const txid = await chain.wallet.pay([
          { address: payment.pay_address, amount: baseUnits(payment.pay_amount) },
        ]);
        await chain.events.until(payment.payment_id, 'PaymentConfirming');
        await chain.node.restart();
        await mineWatched(DROP_AFTER_BLOCKS + 1);
        await chain.events.until(payment.payment_id, 'DepositDropped');
        expect(await readPayment(payment)).toMatchObject({ payment_status: 'waiting', actually_paid: 0 });

        await chain.wallet.rebroadcast(txid);
        await chain.events.until(payment.payment_id, 'PaymentConfirming', 2);
        await chain.node.mine(REQUIRED_CONFIRMATIONS);
        const history = await chain.events.until(payment.payment_id, 'PaymentFinished');
        const types = history.map((e) => e.type);
        expect(types.slice(0, 6)).toEqual([
          'PaymentCreated',
          'DepositDetected',
          'PaymentConfirming',
          'DepositDropped',
          'DepositDetected',
          'PaymentConfirming',
        ]);
        expect(types.filter((t) => t === 'DepositDetected')).toHaveLength(2);
        expect(types.slice(-2)).toEqual(['PaymentConfirmed', 'PaymentFinished']);
        expect(await readPayment(payment)).toMatchObject({
          payment_status: 'finished',
          actually_paid: payment.pay_amount,
          payin_hash: txid,
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
    }

    it('leaves a finished payment finished, recording the drop', async () => {
      const payment = await createPayment(`drop-finished-${network}`);
      const paid = await chain.wallet.payReplaceable([
        { address: payment.pay_address, amount: baseUnits(payment.pay_amount) },
      ]);
      const blocks = await chain.node.mine(REQUIRED_CONFIRMATIONS);
      await chain.events.until(payment.payment_id, 'PaymentFinished');

      await chain.node.call('invalidateblock', [blocks[0]]);
      await chain.events.until(payment.payment_id, 'DepositConfirmationsLost');
      await paid.doubleSpend();
      await mineWatched(DROP_AFTER_BLOCKS + 1, 'other');

      const history = await chain.events.until(payment.payment_id, 'SettledDepositDropped');
      expect(history.find((e) => e.type === 'SettledDepositDropped')!.data).toMatchObject({
        txHash: paid.txid,
        paymentStatus: 'finished',
      });
      expect(history.map((e) => e.type)).not.toContain('DepositDropped');
      expect(await readPayment(payment)).toMatchObject({
        payment_status: 'finished',
        actually_paid: payment.pay_amount,
      });
    });

    /**
     * Pays `amount` replaceably, lets one block take it in, takes that block away and double-spends the
     * coin on a longer branch watched block by block; resolves with the txid once the deposit was dropped.
     */
    async function payThenDoubleSpend(paymentId: number, address: string, amount: bigint): Promise<string> {
      const paid = await chain.wallet.payReplaceable([{ address, amount }]);
      await chain.events.until(paymentId, 'PaymentConfirming');
      const [block] = await chain.node.mine(1);
      await chain.events.until(paymentId, 'DepositConfirmationsUpdated');
      await chain.node.call('invalidateblock', [block]);
      await chain.events.until(paymentId, 'DepositConfirmationsLost');
      await paid.doubleSpend();
      await mineWatched(DROP_AFTER_BLOCKS + 1, 'other');
      await chain.events.until(paymentId, 'DepositDropped');
      return paid.txid;
    }

    it('family A: the invoice goes back to process, not final, and its webhook says so', async () => {
      const client = new AlphaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
      const payment = await client.createPayment({
        to_currency: network.toUpperCase(),
        network,
        url_callback: `${chain.webhooks.url}/alpha`,
      });
      const stored = await storedPayment(chain.gateway, payment.uuid);
      await payThenDoubleSpend(stored.paymentId, payment.address, baseUnits(payment.payer_amount));
      expect(await client.paymentWhen(payment.uuid, (p) => p.status === 'process')).toMatchObject({
        payment_status: 'waiting',
        is_final: false,
        txid: null,
      });
      const call = await webhookCall(
        chain.webhooks,
        (json) => json.uuid === payment.uuid && json.status === 'process',
      );
      expect(call.json).toMatchObject({ is_final: false });
      expect(
        chain.webhooks.calls.filter((c) => c.json.uuid === payment.uuid).map((c) => c.json.status),
      ).toEqual(['confirm_check', 'process']);
    });

    it('family B: the invoice goes back to Waiting with no transaction, and its callback says so', async () => {
      const client = new BetaClient(chain.gateway.baseUrl, chain.gateway.demoMerchant);
      const { track_id: trackId } = await client.createInvoice({
        amount: network === 'btc' ? 0.01 : 0.1,
        currency: network.toUpperCase(),
        callback_url: `${chain.webhooks.url}/beta`,
      });
      const stored = await storedPayment(chain.gateway, Number(trackId));
      await payThenDoubleSpend(stored.paymentId, stored.payAddress, baseUnits(stored.payAmount));
      const call = await webhookCall(
        chain.webhooks,
        (json) => json.track_id === trackId && json.status === 'Waiting',
      );
      expect(call.json).toMatchObject({ txs: [] });
      const answer = await client.send('GET', `/payment/${trackId}`);
      expect(answer.body.data).toMatchObject({ status: 'Waiting', txs: [] });
      expect(
        chain.webhooks.calls.filter((c) => c.json.track_id === trackId).map((c) => c.json.status),
      ).toEqual(['Paying', 'Waiting']);
    });
  },
);
