import { AlphaClient, type AlphaPayment } from '../../../e2e/alpha/alpha-client';
import { finalise, storedPayment } from '../../../e2e/alpha/alpha-fixtures';
import { webhookCall, webhookStatuses } from '../../../support/chain/webhook-calls';
import type { CoinCase, PaidIn } from './paid-in';
import { payThroughReorganisation, payThroughRestart, payToFinish } from './scenarios';

/** Family A (Cryptomus) paid in one coin on anvil: its statuses, `txid`, `payment_amount`, webhooks and wallet link. */
export function alphaSpecs(p: () => PaidIn, coinCase: CoinCase): void {
  describe('family A', () => {
    const client = () => new AlphaClient(p().chain.gateway.baseUrl, p().merchant);
    const create = async (fields: Record<string, unknown> = {}) => {
      const payment = await client().createPayment({
        ...coinCase.alpha,
        url_callback: `${p().chain.webhooks.url}/alpha`,
        ...fields,
      });
      return { payment, stored: await storedPayment(p().chain.gateway, payment.uuid) };
    };
    const about = (payment: AlphaPayment) => (json: Record<string, unknown>) => json.uuid === payment.uuid;
    const webhook = (payment: AlphaPayment, status: string, count = 1) =>
      webhookCall(p().chain.webhooks, (json) => about(payment)(json) && json.status === status, count);
    const statuses = (payment: AlphaPayment) => webhookStatuses(p().chain.webhooks, about(payment));
    /** The wallet link of the payment's hosted page (its `url`), for what is due. */
    const walletLink = async (payment: AlphaPayment) => {
      const response = await fetch(`${p().chain.gateway.baseUrl}/pay/${payment.uuid}/status.json`);
      return ((await response.json()) as { payment_uri: string }).payment_uri;
    };

    it.each(coinCase.senders)(
      'an exact payment from %s is confirm_check once mined and paid two blocks later, its hash in txid',
      async (from, sender) => {
        const { payment, stored } = await create();
        expect(stored.payCurrency).toBe(coinCase.code);
        // EIP-681 on the chain the watcher follows, naming the contract it watches (not mainnet's), unless the coin says.
        const units = p().coin.units(payment.payer_amount);
        const contract = p().coin.contract;
        expect(await walletLink(payment)).toBe(
          coinCase.walletLink
            ? coinCase.walletLink(payment.address, units)
            : contract === null
              ? `ethereum:${payment.address}@${p().node.chainId}?value=${units}`
              : `ethereum:${contract}@${p().node.chainId}/transfer?address=${payment.address}&uint256=${units}`,
        );
        const sentAt = Date.now();
        const txHash = await p().coin.pay(payment.address, units, sender);
        await p().chain.events.until(stored.paymentId, 'PaymentConfirming');
        expect(await client().paymentWhen(payment.uuid, (read) => read.txid === txHash)).toMatchObject({
          status: 'confirm_check',
          payment_status: 'confirming',
          is_final: false,
        });
        const confirmCheckAt = Date.now();

        const minedAt = Date.now();
        await p().node.mine(p().requiredConfirmations - 1);
        await p().chain.events.until(stored.paymentId, 'PaymentFinished');
        expect(await client().paymentWhen(payment.uuid, (read) => read.status === 'paid')).toMatchObject({
          payment_status: 'finished',
          txid: txHash,
          is_final: true,
          is_test: false,
          payment_amount: payment.payer_amount,
        });
        const paidAt = Date.now();
        const call = await webhook(payment, 'paid');
        const webhookAt = Date.now();
        expect(call.json).toMatchObject({ txid: txHash, is_final: true, is_test: false });
        expect(statuses(payment)).toEqual(['confirm_check', 'paid']);
        p().figures.push(
          `family A ${coinCase.code} from ${from} on anvil: tx sent → confirm_check read ${confirmCheckAt - sentAt} ms; ` +
            `${p().requiredConfirmations - 1} more blocks → paid read ${paidAt - minedAt} ms (includes mining), ` +
            `paid webhook delivered ${webhookAt - minedAt} ms`,
        );
      },
    );

    it('an underpayment is wrong_amount and final: the rest is kept on the invoice, which stays wrong_amount', async () => {
      const { payment, stored } = await create();
      const total = p().coin.units(payment.payer_amount);
      const first = await p().coin.pay(payment.address, total / 2n);
      await p().chain.events.until(stored.paymentId, 'PaymentUnderpaid');
      const underpaid = await client().paymentWhen(payment.uuid, (read) => read.status === 'wrong_amount');
      expect(underpaid).toMatchObject({ payment_status: 'partially_paid', is_final: true, txid: first });
      expect(p().coin.units(underpaid.payment_amount)).toBe(total / 2n);
      expect((await webhook(payment, 'wrong_amount')).json).toMatchObject({ txid: first, is_final: true });

      const rest = await p().coin.pay(payment.address, total - total / 2n);
      await p().chain.events.until(stored.paymentId, 'LateDepositReceived');
      const topped = await client().paymentWhen(
        payment.uuid,
        (read) => p().coin.units(read.payment_amount) === total,
      );
      expect(topped).toMatchObject({ status: 'wrong_amount', is_final: true, txid: first });
      const second = await webhook(payment, 'wrong_amount', 2);
      expect(second.json).toMatchObject({ txid: rest, is_final: true, payer_amount: payment.payer_amount });
      expect(p().coin.units(second.json.payment_amount as string)).toBe(total);
      expect(statuses(payment)).toEqual(['wrong_amount', 'wrong_amount']);
    });

    it('an overpayment is paid_over, with everything received in payment_amount', async () => {
      const { payment, stored } = await create();
      const paid = p().coin.units(payment.payer_amount) + p().coin.units('0.5');
      const txHash = await payToFinish(p(), stored.paymentId, payment.address, paid);
      const record = await client().paymentWhen(payment.uuid, (read) => read.status === 'paid_over');
      expect(record).toMatchObject({ payment_status: 'finished', is_final: true, txid: txHash });
      expect(p().coin.units(record.payment_amount)).toBe(paid);
      const call = await webhook(payment, 'paid_over');
      expect(call.json).toMatchObject({ txid: txHash, is_final: true, payer_amount: payment.payer_amount });
      expect(p().coin.units(call.json.payment_amount as string)).toBe(paid);
      expect(statuses(payment)).toEqual(['confirm_check', 'paid_over']);
    });

    it('a payment after expiry stays cancel, the money kept on the invoice with its txid', async () => {
      const { payment, stored } = await create();
      await finalise(p().chain.gateway, stored, 'expire');
      await webhook(payment, 'cancel');

      const txHash = await p().coin.pay(payment.address, p().coin.units(payment.payer_amount));
      const history = await p().chain.events.until(stored.paymentId, 'LateDepositReceived');
      expect(history.map((e) => e.type)).not.toContain('PaymentConfirming');
      expect(await client().paymentWhen(payment.uuid, (read) => read.txid === txHash)).toMatchObject({
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
        p(),
        stored.paymentId,
        payment.address,
        p().coin.units(payment.payer_amount),
      );
      expect(await client().paymentWhen(payment.uuid, (read) => read.status === 'paid')).toMatchObject({
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
        p(),
        stored.paymentId,
        payment.address,
        p().coin.units(payment.payer_amount),
      );
      expect(await client().paymentWhen(payment.uuid, (read) => read.status === 'paid')).toMatchObject({
        txid: txHash,
        payment_amount: payment.payer_amount,
      });
      expect((await webhook(payment, 'paid')).json).toMatchObject({ txid: txHash });
      expect(statuses(payment)).toEqual(['confirm_check', 'paid']);
    });
  });
}
