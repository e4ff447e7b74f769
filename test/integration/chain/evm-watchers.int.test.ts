import { streamIdOf } from '@gw/domain';
import { testEvmAccountPublicKey } from '@gw/chain/src/testing';
import type { MerchantKeys } from '@gw/runtime';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { AlphaClient, type AlphaPayment } from '../../e2e/alpha/alpha-client';
import { finalise, readyMerchant, storedPayment } from '../../e2e/alpha/alpha-fixtures';
import { BetaClient } from '../../e2e/beta/beta-client';
import { AnvilNode } from '../../support/chain/anvil-node';
import { nativeCoin, tokenCoin, type EvmCoin } from '../../support/chain/evm-coins';
import { TestToken, type TokenSender } from '../../support/chain/test-token';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { startWatchingGateway, type WatchingGateway } from '../../support/chain/watched-chain';
import { webhookCall, webhookStatuses } from '../../support/chain/webhook-calls';
import type { TestGateway } from '../../support/gateway';

/** Blocks a deposit needs: its own (it is mined at once on anvil) and two more. */
const REQUIRED_CONFIRMATIONS = 3;

/** The coins paid in every family: how family A names them, and who can send them. */
const COINS = [
  { code: 'eth', alpha: { to_currency: 'ETH', network: 'ETH' }, account: 1 },
  { code: 'usdterc20', alpha: { to_currency: 'USDT', network: 'ETH' }, account: 2 },
] as const;
type CoinCode = (typeof COINS)[number]['code'];
const FROM_ACCOUNT = ['an account', 'account'] as const;
const FROM_CONTRACT = ['a contract', 'contract'] as const;
/** Who sends each coin: the token also from a contract; ETH a contract forwards leaves no trace the watcher reads. */
const SENDERS: Record<CoinCode, readonly (readonly [string, TokenSender])[]> = {
  eth: [FROM_ACCOUNT],
  usdterc20: [FROM_ACCOUNT, FROM_CONTRACT],
};

/** A merchant taking `coin` only, into its own evm wallet (account `account` of the test seed). */
async function merchantTaking(gateway: TestGateway, coin: string, account: number): Promise<MerchantKeys> {
  const keys = await gateway.createMerchant(`takes ${coin} only`);
  const admin = adminClient(gateway);
  const wallet = await admin('PUT', `/merchants/${keys.merchantId}/wallets/eth`, {
    body: { extended_public_key: testEvmAccountPublicKey(account) },
  });
  const coins = await admin('PUT', `/merchants/${keys.merchantId}/coins`, {
    body: { enabled_coins: [coin] },
  });
  if (wallet.status !== 200 || coins.status !== 200)
    throw new Error(
      `the merchant's wallet or coins were refused: ${JSON.stringify([wallet.body, coins.body])}`,
    );
  return readyMerchant(gateway, keys);
}

/**
 * ETH and a 6-decimal ERC-20 (as usdterc20) paid on a private anvil in each family, in its own
 * vocabulary: exact payments (the token also from a contract), partial then the rest, overpayments, money
 * after expiry, a reorganisation and a restart of the whole gateway, with the transaction hash in each
 * family's records and webhooks. One anvil and one gateway serve the file.
 */
describe('the eth watcher on a private anvil: ETH and a 6-decimal ERC-20 in families V1, A and B', () => {
  let node: AnvilNode;
  let token: TestToken;
  let chain: WatchingGateway;
  const paying: Partial<Record<CoinCode, { coin: EvmCoin; merchant: MerchantKeys }>> = {};
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
    paying.eth = { coin: nativeCoin(node, 'eth'), merchant: await merchantTaking(chain.gateway, 'eth', 1) };
    paying.usdterc20 = {
      coin: tokenCoin(token, 'usdterc20'),
      merchant: await merchantTaking(chain.gateway, 'usdterc20', 2),
    };
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
    if (figures.length > 0) process.stdout.write(`\n${figures.join('\n')}\n`);
  });

  /** The payment's events in the event store once one of `type` is there (a restart leaves the event log behind). */
  async function storedUntil(paymentId: number, type: string) {
    for (;;) {
      const stream = await chain.gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', paymentId));
      if (stream.some((e) => e.type === type)) return stream;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  describe.each(COINS)('paid in $code', ({ code, alpha }) => {
    const coin = () => paying[code]!.coin;
    const merchant = () => paying[code]!.merchant;

    /** Pays `units` to `address` and mines the required blocks; resolves with the tx hash once the payment finished. */
    async function payToFinish(paymentId: number, address: string, units: bigint): Promise<string> {
      const txHash = await coin().pay(address, units);
      await chain.events.until(paymentId, 'PaymentConfirming');
      await node.mine(REQUIRED_CONFIRMATIONS - 1);
      await chain.events.until(paymentId, 'PaymentFinished');
      return txHash;
    }

    /**
     * Pays `units` to `address`, lets one more block confirm it, then `anvil_reorg` replaces both blocks
     * with empty ones: the deposit loses its confirmations and the payment must not finish. The same
     * signed transaction is sent again (as a node re-includes a dropped one) and mined on the new branch;
     * resolves with its hash once the payment finished, after the loss, counted once.
     */
    async function payThroughReorganisation(
      paymentId: number,
      address: string,
      units: bigint,
    ): Promise<string> {
      const signed = await coin().sign(address, units);
      const txHash = await node.broadcast(signed);
      await chain.events.until(paymentId, 'PaymentConfirming');
      await node.mine(1);
      await chain.events.until(paymentId, 'DepositConfirmationsUpdated');
      await node.reorg(2);
      const lost = await chain.events.until(paymentId, 'DepositConfirmationsLost');
      expect(lost.at(-1)!.data).toMatchObject({ txHash, confirmations: 0 });
      expect(chain.events.typesOf(paymentId)).not.toContain('PaymentConfirmed');

      expect(await node.broadcast(signed)).toBe(txHash);
      await node.mine(REQUIRED_CONFIRMATIONS - 1);
      const types = (await chain.events.until(paymentId, 'PaymentFinished')).map((e) => e.type);
      expect(types.indexOf('DepositConfirmationsLost')).toBeLessThan(types.indexOf('PaymentConfirmed'));
      expect(types.filter((t) => t === 'DepositDetected')).toHaveLength(1);
      return txHash;
    }

    /**
     * Pays `units` to `address`; once the payment is confirming the whole gateway stops, the required
     * blocks are mined while it is down, and it starts again on the same data directory. Resolves with
     * the tx hash once the payment finished, its deposit counted once.
     */
    async function payThroughRestart(paymentId: number, address: string, units: bigint): Promise<string> {
      const txHash = await coin().pay(address, units);
      await chain.events.until(paymentId, 'PaymentConfirming');
      await chain.restartGateway(() => node.mine(REQUIRED_CONFIRMATIONS));
      const stream = await storedUntil(paymentId, 'PaymentFinished');
      expect(stream.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
      return txHash;
    }

    describe('family V1', () => {
      const call = v1Caller(
        () => chain.gateway.baseUrl,
        () => merchant().apiKey,
      );
      const create = () =>
        call<V1Payment>('POST', '/v1/payment', {
          price_amount: 100,
          price_currency: 'usd',
          pay_currency: code,
          ipn_callback_url: `${chain.webhooks.url}/v1`,
        });
      const read = (payment: Pick<V1Payment, 'payment_id'>) =>
        call<V1Payment & Record<string, unknown>>('GET', `/v1/payment/${payment.payment_id}`);
      const about = (payment: Pick<V1Payment, 'payment_id'>) => (json: Record<string, unknown>) =>
        json.payment_id === payment.payment_id;
      const webhook = (payment: Pick<V1Payment, 'payment_id'>, status: string) =>
        webhookCall(chain.webhooks, (json) => about(payment)(json) && json.payment_status === status);
      const statuses = (payment: Pick<V1Payment, 'payment_id'>) =>
        webhookStatuses(chain.webhooks, about(payment), 'payment_status');

      it.each(SENDERS[code])(
        'an exact payment from an %s is confirming once mined and finished two blocks later, its hash in payin_hash',
        async (from, sender) => {
          const payment = await create();
          expect(payment.pay_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
          const sentAt = Date.now();
          const txHash = await coin().pay(payment.pay_address, coin().units(payment.pay_amount), sender);
          await chain.events.until(payment.payment_id, 'PaymentConfirming');
          const confirmingAt = Date.now();
          expect(await read(payment)).toMatchObject({
            payment_status: 'confirming',
            payin_hash: txHash,
            actually_paid: payment.pay_amount,
          });

          const minedAt = Date.now();
          await node.mine(REQUIRED_CONFIRMATIONS - 1);
          await chain.events.until(payment.payment_id, 'PaymentFinished');
          const finishedAt = Date.now();
          await webhook(payment, 'finished');
          const webhookAt = Date.now();
          expect(await read(payment)).toMatchObject({
            payment_status: 'finished',
            payin_hash: txHash,
            actually_paid: payment.pay_amount,
            is_test: false,
          });
          expect(statuses(payment)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
          const detected = chain.events.of(payment.payment_id).filter((e) => e.type === 'DepositDetected');
          expect(detected.map((e) => e.data)).toEqual([
            expect.objectContaining({ txHash, outputIndex: code === 'eth' ? null : expect.any(Number) }),
          ]);
          figures.push(
            `${code} from ${from} on anvil: tx sent → confirming ${confirmingAt - sentAt} ms (anvil mines at once); ` +
              `${REQUIRED_CONFIRMATIONS - 1} more blocks → finished ${finishedAt - minedAt} ms (includes mining), ` +
              `finished webhook delivered ${webhookAt - minedAt} ms`,
          );
        },
      );

      it('a partial payment is partially_paid, and finished once the rest arrives', async () => {
        const payment = await create();
        const total = coin().units(payment.pay_amount);
        const first = await coin().pay(payment.pay_address, total / 2n);
        await chain.events.until(payment.payment_id, 'PaymentUnderpaid');
        expect(await read(payment)).toMatchObject({
          payment_status: 'partially_paid',
          payin_hash: first,
          actually_paid: Number(coin().amountOf(total / 2n)),
        });
        await webhook(payment, 'partially_paid');

        await payToFinish(payment.payment_id, payment.pay_address, total - total / 2n);
        await webhook(payment, 'finished');
        expect(await read(payment)).toMatchObject({
          payment_status: 'finished',
          actually_paid: payment.pay_amount,
        });
        expect(statuses(payment)).toEqual([
          'waiting',
          'partially_paid',
          'confirming',
          'confirmed',
          'finished',
        ]);
      });

      it('an overpayment is finished with everything received in actually_paid, to the smallest unit', async () => {
        const payment = await create();
        const paid = coin().units(payment.pay_amount) + coin().units('0.5');
        const txHash = await payToFinish(payment.payment_id, payment.pay_address, paid);
        const deposit = chain.events.of(payment.payment_id).find((e) => e.type === 'DepositDetected')!;
        expect(coin().units((deposit.data as { amount: string }).amount)).toBe(paid);
        await webhook(payment, 'finished');
        expect(await read(payment)).toMatchObject({
          payment_status: 'finished',
          payin_hash: txHash,
          actually_paid: Number(coin().amountOf(paid)),
        });
        expect(statuses(payment)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
      });

      it('money after expiry leaves the payment expired and opens a repeated payment that finishes on its own', async () => {
        const payment = await create();
        await finalise(chain.gateway, await storedPayment(chain.gateway, payment.payment_id), 'expire');
        await webhook(payment, 'expired');

        const txHash = await coin().pay(payment.pay_address, coin().units(payment.pay_amount));
        const late = (await chain.events.until(payment.payment_id, 'LateDepositReceived')).at(-1)!;
        expect(late.data).toMatchObject({ txHash, paymentStatus: 'expired' });
        const child = {
          payment_id: (late.data as { repeatedPayment: { paymentId: number } }).repeatedPayment.paymentId,
        };
        await node.mine(REQUIRED_CONFIRMATIONS - 1);
        await chain.events.until(child.payment_id, 'PaymentFinished');
        expect(await read(child)).toMatchObject({
          payment_status: 'finished',
          parent_payment_id: payment.payment_id,
          payin_hash: txHash,
          actually_paid: payment.pay_amount,
        });
        expect(await read(payment)).toMatchObject({
          payment_status: 'expired',
          actually_paid: 0,
          payment_extra_ids: [child.payment_id],
        });
        await webhook(child, 'finished');
        expect(statuses(payment)).toEqual(['waiting', 'expired']);
      });

      it('a reorganisation takes the confirmations back; finished only once mined again', async () => {
        const payment = await create();
        const txHash = await payThroughReorganisation(
          payment.payment_id,
          payment.pay_address,
          coin().units(payment.pay_amount),
        );
        await webhook(payment, 'finished');
        expect(await read(payment)).toMatchObject({ payment_status: 'finished', payin_hash: txHash });
        expect(statuses(payment)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
      });

      it('a restart of the whole gateway while blocks arrive counts nothing twice', async () => {
        const payment = await create();
        const txHash = await payThroughRestart(
          payment.payment_id,
          payment.pay_address,
          coin().units(payment.pay_amount),
        );
        await webhook(payment, 'finished');
        expect(await read(payment)).toMatchObject({
          payment_status: 'finished',
          payin_hash: txHash,
          actually_paid: payment.pay_amount,
        });
        expect(statuses(payment)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
      });
    });

    describe('family A', () => {
      const client = () => new AlphaClient(chain.gateway.baseUrl, merchant());
      const create = async (fields: Record<string, unknown> = {}) => {
        const payment = await client().createPayment({
          ...alpha,
          url_callback: `${chain.webhooks.url}/alpha`,
          ...fields,
        });
        return { payment, stored: await storedPayment(chain.gateway, payment.uuid) };
      };
      const about = (payment: AlphaPayment) => (json: Record<string, unknown>) => json.uuid === payment.uuid;
      const webhook = (payment: AlphaPayment, status: string, count = 1) =>
        webhookCall(chain.webhooks, (json) => about(payment)(json) && json.status === status, count);
      const statuses = (payment: AlphaPayment) => webhookStatuses(chain.webhooks, about(payment));
      /** The wallet link of the payment's hosted page (its `url`), for what is due. */
      const walletLink = async (payment: AlphaPayment) => {
        const response = await fetch(`${chain.gateway.baseUrl}/pay/${payment.uuid}/status.json`);
        return ((await response.json()) as { payment_uri: string }).payment_uri;
      };

      it.each(SENDERS[code])(
        'an exact payment from an %s is confirm_check once mined and paid two blocks later, its hash in txid',
        async (_from, sender) => {
          const { payment, stored } = await create();
          expect(stored.payCurrency).toBe(code);
          // EIP-681 on the chain the watcher follows, naming the contract it watches (not mainnet's).
          const units = coin().units(payment.payer_amount);
          const contract = coin().contract;
          expect(await walletLink(payment)).toBe(
            contract === null
              ? `ethereum:${payment.address}@${node.chainId}?value=${units}`
              : `ethereum:${contract}@${node.chainId}/transfer?address=${payment.address}&uint256=${units}`,
          );
          const txHash = await coin().pay(payment.address, units, sender);
          await chain.events.until(stored.paymentId, 'PaymentConfirming');
          expect(await client().paymentWhen(payment.uuid, (p) => p.txid === txHash)).toMatchObject({
            status: 'confirm_check',
            payment_status: 'confirming',
            is_final: false,
          });

          await node.mine(REQUIRED_CONFIRMATIONS - 1);
          await chain.events.until(stored.paymentId, 'PaymentFinished');
          expect(await client().paymentWhen(payment.uuid, (p) => p.status === 'paid')).toMatchObject({
            payment_status: 'finished',
            txid: txHash,
            is_final: true,
            is_test: false,
            payment_amount: payment.payer_amount,
          });
          const call = await webhook(payment, 'paid');
          expect(call.json).toMatchObject({ txid: txHash, is_final: true, is_test: false });
          expect(statuses(payment)).toEqual(['confirm_check', 'paid']);
        },
      );

      it('an underpayment is wrong_amount and final: the rest is kept on the invoice, which stays wrong_amount', async () => {
        const { payment, stored } = await create();
        const total = coin().units(payment.payer_amount);
        const first = await coin().pay(payment.address, total / 2n);
        await chain.events.until(stored.paymentId, 'PaymentUnderpaid');
        const underpaid = await client().paymentWhen(payment.uuid, (p) => p.status === 'wrong_amount');
        expect(underpaid).toMatchObject({ payment_status: 'partially_paid', is_final: true, txid: first });
        expect(coin().units(underpaid.payment_amount)).toBe(total / 2n);
        expect((await webhook(payment, 'wrong_amount')).json).toMatchObject({ txid: first, is_final: true });

        const rest = await coin().pay(payment.address, total - total / 2n);
        await chain.events.until(stored.paymentId, 'LateDepositReceived');
        const topped = await client().paymentWhen(
          payment.uuid,
          (p) => coin().units(p.payment_amount) === total,
        );
        expect(topped).toMatchObject({ status: 'wrong_amount', is_final: true, txid: first });
        const second = await webhook(payment, 'wrong_amount', 2);
        expect(second.json).toMatchObject({ txid: rest, is_final: true, payer_amount: payment.payer_amount });
        expect(coin().units(second.json.payment_amount as string)).toBe(total);
        expect(statuses(payment)).toEqual(['wrong_amount', 'wrong_amount']);
      });

      it('an overpayment is paid_over, with everything received in payment_amount', async () => {
        const { payment, stored } = await create();
        const paid = coin().units(payment.payer_amount) + coin().units('0.5');
        const txHash = await payToFinish(stored.paymentId, payment.address, paid);
        const record = await client().paymentWhen(payment.uuid, (p) => p.status === 'paid_over');
        expect(record).toMatchObject({ payment_status: 'finished', is_final: true, txid: txHash });
        expect(coin().units(record.payment_amount)).toBe(paid);
        const call = await webhook(payment, 'paid_over');
        expect(call.json).toMatchObject({ txid: txHash, is_final: true, payer_amount: payment.payer_amount });
        expect(coin().units(call.json.payment_amount as string)).toBe(paid);
        expect(statuses(payment)).toEqual(['confirm_check', 'paid_over']);
      });

      it('a payment after expiry stays cancel, the money kept on the invoice with its txid', async () => {
        const { payment, stored } = await create();
        await finalise(chain.gateway, stored, 'expire');
        await webhook(payment, 'cancel');

        const txHash = await coin().pay(payment.address, coin().units(payment.payer_amount));
        const history = await chain.events.until(stored.paymentId, 'LateDepositReceived');
        expect(history.map((e) => e.type)).not.toContain('PaymentConfirming');
        expect(await client().paymentWhen(payment.uuid, (p) => p.txid === txHash)).toMatchObject({
          status: 'cancel',
          payment_status: 'expired',
          is_final: true,
          payment_amount: payment.payer_amount,
        });
        expect((await webhook(payment, 'cancel', 2)).json).toMatchObject({ txid: txHash, is_final: true });
        expect(statuses(payment)).toEqual(['cancel', 'cancel']);
      });

      it('a reorganisation takes the confirmations back; paid only once mined again', async () => {
        const { payment, stored } = await create();
        const txHash = await payThroughReorganisation(
          stored.paymentId,
          payment.address,
          coin().units(payment.payer_amount),
        );
        expect(await client().paymentWhen(payment.uuid, (p) => p.status === 'paid')).toMatchObject({
          txid: txHash,
          is_final: true,
          payment_amount: payment.payer_amount,
        });
        expect((await webhook(payment, 'paid')).json).toMatchObject({ txid: txHash });
        expect(statuses(payment)).toEqual(['confirm_check', 'paid']);
      });

      it('a restart of the whole gateway while blocks arrive counts nothing twice', async () => {
        const { payment, stored } = await create();
        const txHash = await payThroughRestart(
          stored.paymentId,
          payment.address,
          coin().units(payment.payer_amount),
        );
        expect(await client().paymentWhen(payment.uuid, (p) => p.status === 'paid')).toMatchObject({
          txid: txHash,
          payment_amount: payment.payer_amount,
        });
        expect((await webhook(payment, 'paid')).json).toMatchObject({ txid: txHash });
        expect(statuses(payment)).toEqual(['confirm_check', 'paid']);
      });
    });

    describe('family B', () => {
      const client = () => new BetaClient(chain.gateway.baseUrl, merchant());
      /** An invoice in USD: it opens in the merchant's only coin. */
      const create = async () => {
        const { track_id: trackId } = await client().createInvoice({
          amount: 20,
          currency: 'USD',
          callback_url: `${chain.webhooks.url}/beta`,
        });
        const stored = await storedPayment(chain.gateway, Number(trackId));
        expect(stored.payCurrency).toBe(code);
        return { trackId, stored };
      };
      const about = (trackId: string) => (json: Record<string, unknown>) => json.track_id === trackId;
      const webhook = (trackId: string, status: string, count = 1) =>
        webhookCall(chain.webhooks, (json) => about(trackId)(json) && json.status === status, count);
      const statuses = (trackId: string) => webhookStatuses(chain.webhooks, about(trackId));
      type Tx = { tx_hash: string; received_amount: number; amount: number; status: string };
      const hashes = (txs: unknown) => (txs as Tx[]).map((tx) => tx.tx_hash);
      const information = async (trackId: string) => {
        const answer = await client().send('GET', `/payment/${trackId}`);
        expect(answer.status).toBe(200);
        return answer.body.data as { status: string; txs: Tx[]; sandbox: boolean };
      };

      it.each(SENDERS[code])(
        'an exact payment from an %s is Paying once mined and Paid two blocks later, its hash in txs',
        async (_from, sender) => {
          const { trackId, stored } = await create();
          const txHash = await coin().pay(stored.payAddress, coin().units(stored.payAmount), sender);
          await chain.events.until(stored.paymentId, 'PaymentConfirming');
          await client().itemWhen(trackId, (item) => item.status === 'Paying');
          expect(hashes((await webhook(trackId, 'Paying')).json.txs)).toEqual([txHash]);

          await node.mine(REQUIRED_CONFIRMATIONS - 1);
          await chain.events.until(stored.paymentId, 'PaymentFinished');
          const paid = await webhook(trackId, 'Paid');
          expect(paid.json).toMatchObject({ sandbox: false });
          expect(paid.json.txs).toEqual([
            expect.objectContaining({
              tx_hash: txHash,
              received_amount: Number(stored.payAmount),
              status: 'confirmed',
            }),
          ]);
          await client().itemWhen(trackId, (item) => item.status === 'Paid');
          expect(await information(trackId)).toMatchObject({
            status: 'Paid',
            sandbox: false,
            txs: [expect.objectContaining({ tx_hash: txHash, status: 'confirmed' })],
          });
          expect(statuses(trackId)).toEqual(['Paying', 'Paid']);
        },
      );

      it('a partial payment is Underpaid, and Paid once the rest arrives, with both transactions', async () => {
        const { trackId, stored } = await create();
        const total = coin().units(stored.payAmount);
        const first = await coin().pay(stored.payAddress, total / 2n);
        await chain.events.until(stored.paymentId, 'PaymentUnderpaid');
        await client().itemWhen(trackId, (item) => item.status === 'Underpaid');
        expect(hashes((await webhook(trackId, 'Underpaid')).json.txs)).toEqual([first]);

        const rest = await payToFinish(stored.paymentId, stored.payAddress, total - total / 2n);
        const paid = await webhook(trackId, 'Paid');
        expect(paid.json.txs).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              tx_hash: first,
              received_amount: Number(coin().amountOf(total / 2n)),
              status: 'confirmed',
            }),
            expect.objectContaining({
              tx_hash: rest,
              received_amount: Number(coin().amountOf(total - total / 2n)),
              status: 'confirmed',
            }),
          ]),
        );
        await client().itemWhen(trackId, (item) => item.status === 'Paid');
        expect(hashes((await information(trackId)).txs).sort()).toEqual([first, rest].sort());
        expect(statuses(trackId)).toEqual(['Underpaid', 'Paying', 'Paid']);
      });

      it('an overpayment is Paid, with the whole amount received in its transaction', async () => {
        const { trackId, stored } = await create();
        const paid = coin().units(stored.payAmount) + coin().units('0.5');
        const txHash = await payToFinish(stored.paymentId, stored.payAddress, paid);
        const call = await webhook(trackId, 'Paid');
        expect(call.json.txs).toEqual([
          expect.objectContaining({ tx_hash: txHash, received_amount: Number(coin().amountOf(paid)) }),
        ]);
        await client().itemWhen(trackId, (item) => item.status === 'Paid');
        expect((await information(trackId)).txs).toEqual([
          expect.objectContaining({
            tx_hash: txHash,
            amount: Number(coin().amountOf(paid)),
            status: 'confirmed',
          }),
        ]);
        expect(statuses(trackId)).toEqual(['Paying', 'Paid']);
      });

      it('a payment after expiry stays Expired, with the money as one more transaction', async () => {
        const { trackId, stored } = await create();
        await finalise(chain.gateway, stored, 'expire');
        expect(hashes((await webhook(trackId, 'Expired')).json.txs)).toEqual([]);

        const txHash = await coin().pay(stored.payAddress, coin().units(stored.payAmount));
        const history = await chain.events.until(stored.paymentId, 'LateDepositReceived');
        expect(history.map((e) => e.type)).not.toContain('PaymentConfirming');
        expect(hashes((await webhook(trackId, 'Expired', 2)).json.txs)).toEqual([txHash]);
        expect(await information(trackId)).toMatchObject({
          status: 'Expired',
          txs: [expect.objectContaining({ tx_hash: txHash, amount: Number(stored.payAmount) })],
        });
        expect(statuses(trackId)).toEqual(['Expired', 'Expired']);
      });

      it('a reorganisation takes the confirmations back; Paid only once mined again', async () => {
        const { trackId, stored } = await create();
        const txHash = await payThroughReorganisation(
          stored.paymentId,
          stored.payAddress,
          coin().units(stored.payAmount),
        );
        expect(hashes((await webhook(trackId, 'Paid')).json.txs)).toEqual([txHash]);
        await client().itemWhen(trackId, (item) => item.status === 'Paid');
        expect(statuses(trackId)).toEqual(['Paying', 'Paid']);
      });

      it('a restart of the whole gateway while blocks arrive counts nothing twice', async () => {
        const { trackId, stored } = await create();
        const txHash = await payThroughRestart(
          stored.paymentId,
          stored.payAddress,
          coin().units(stored.payAmount),
        );
        expect(hashes((await webhook(trackId, 'Paid')).json.txs)).toEqual([txHash]);
        expect(hashes((await information(trackId)).txs)).toEqual([txHash]);
        expect(statuses(trackId)).toEqual(['Paying', 'Paid']);
      });
    });
  });

  it('counts a token deposit once when a reorganisation mines it again behind another log of its new block', async () => {
    const { coin, merchant } = paying.usdterc20!;
    const call = v1Caller(
      () => chain.gateway.baseUrl,
      () => merchant.apiKey,
    );
    const payment = await call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'usdterc20',
    });
    const signed = await coin.sign(payment.pay_address, coin.units(payment.pay_amount));
    const txHash = await node.broadcast(signed);
    await chain.events.until(payment.payment_id, 'PaymentConfirming');
    await node.reorg(1);
    await chain.events.until(payment.payment_id, 'DepositConfirmationsLost');

    // Someone else's token transfer comes first in the new block: the buyer's log has another index there.
    const strangers = await token.signStrangersPayout(node.strangerAccount.address, 1n);
    await node.mineInOneBlock([strangers, signed]);
    await node.mine(REQUIRED_CONFIRMATIONS - 1);
    const history = await Promise.race([
      chain.events.until(payment.payment_id, 'PaymentFinished'),
      chain.events.until(payment.payment_id, 'DepositDetected', 2),
    ]);
    expect(history.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
    expect(history.map((e) => e.type)).toContain('PaymentFinished');
    expect(await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`)).toMatchObject({
      payment_status: 'finished',
      payin_hash: txHash,
      actually_paid: payment.pay_amount,
    });
  });

  async function readiness(): Promise<Record<string, { status: string }>> {
    const response = await fetch(`${chain.gateway.baseUrl}/health/ready`);
    return ((await response.json()) as { checks: Record<string, { status: string }> }).checks;
  }

  // Last: the node goes away for good.
  it('shows a node outage in readiness and metrics', async () => {
    await node.stop();
    while ((await readiness())['chain-eth']?.status !== 'down')
      await new Promise((resolve) => setTimeout(resolve, 20));
    const metrics = await (await fetch(`${chain.gateway.baseUrl}/metrics`)).text();
    expect(metrics).toContain('chain_node_up{network="eth",service="all"} 0');
  });
});
