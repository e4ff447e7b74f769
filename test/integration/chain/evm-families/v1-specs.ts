import { finalise, storedPayment } from '../../../e2e/alpha/alpha-fixtures';
import { v1Caller, type V1Payment } from '../../../support/chain/v1-calls';
import { webhookCall, webhookStatuses } from '../../../support/chain/webhook-calls';
import type { CoinCase, PaidIn } from './paid-in';
import { payThroughReorganisation, payThroughRestart, payToFinish } from './scenarios';

/** Family V1 (NOWPayments) paid in one coin on anvil: its statuses, `payin_hash`, `actually_paid` and IPNs. */
export function v1Specs(p: () => PaidIn, coinCase: CoinCase): void {
  describe('family V1', () => {
    const call = v1Caller(
      () => p().chain.gateway.baseUrl,
      () => p().merchant.apiKey,
    );
    const create = () =>
      call<V1Payment>('POST', '/v1/payment', {
        price_amount: 100,
        price_currency: 'usd',
        pay_currency: coinCase.code,
        ipn_callback_url: `${p().chain.webhooks.url}/v1`,
      });
    const read = (payment: Pick<V1Payment, 'payment_id'>) =>
      call<V1Payment & Record<string, unknown>>('GET', `/v1/payment/${payment.payment_id}`);
    const about = (payment: Pick<V1Payment, 'payment_id'>) => (json: Record<string, unknown>) =>
      json.payment_id === payment.payment_id;
    const webhook = (payment: Pick<V1Payment, 'payment_id'>, status: string) =>
      webhookCall(p().chain.webhooks, (json) => about(payment)(json) && json.payment_status === status);
    const statuses = (payment: Pick<V1Payment, 'payment_id'>) =>
      webhookStatuses(p().chain.webhooks, about(payment), 'payment_status');

    it.each(coinCase.senders)(
      'an exact payment from %s is confirming once mined and finished two blocks later, its hash in payin_hash',
      async (from, sender) => {
        const payment = await create();
        expect(payment.pay_address).toMatch(coinCase.address ?? /^0x[0-9a-fA-F]{40}$/);
        const sentAt = Date.now();
        const txHash = await p().coin.pay(payment.pay_address, p().coin.units(payment.pay_amount), sender);
        await p().chain.events.until(payment.payment_id, 'PaymentConfirming');
        const confirmingAt = Date.now();
        expect(await read(payment)).toMatchObject({
          payment_status: 'confirming',
          payin_hash: txHash,
          actually_paid: payment.pay_amount,
        });

        const minedAt = Date.now();
        await p().node.mine(p().requiredConfirmations - 1);
        await p().chain.events.until(payment.payment_id, 'PaymentFinished');
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
        const detected = p()
          .chain.events.of(payment.payment_id)
          .filter((e) => e.type === 'DepositDetected');
        expect(detected.map((e) => e.data)).toEqual([
          expect.objectContaining({
            txHash,
            outputIndex: p().coin.contract === null ? null : expect.any(Number),
          }),
        ]);
        p().figures.push(
          `family V1 ${coinCase.code} from ${from} on anvil: tx sent → confirming ${confirmingAt - sentAt} ms (anvil mines at once); ` +
            `${p().requiredConfirmations - 1} more blocks → finished ${finishedAt - minedAt} ms (includes mining), ` +
            `finished webhook delivered ${webhookAt - minedAt} ms`,
        );
      },
    );

    it('a partial payment is partially_paid, and finished once the rest arrives', async () => {
      const payment = await create();
      const total = p().coin.units(payment.pay_amount);
      const first = await p().coin.pay(payment.pay_address, total / 2n);
      await p().chain.events.until(payment.payment_id, 'PaymentUnderpaid');
      expect(await read(payment)).toMatchObject({
        payment_status: 'partially_paid',
        payin_hash: first,
        actually_paid: Number(p().coin.amountOf(total / 2n)),
      });
      await webhook(payment, 'partially_paid');

      await payToFinish(p(), payment.payment_id, payment.pay_address, total - total / 2n);
      await webhook(payment, 'finished');
      expect(await read(payment)).toMatchObject({
        payment_status: 'finished',
        actually_paid: payment.pay_amount,
      });
      expect(statuses(payment)).toEqual(['waiting', 'partially_paid', 'confirming', 'confirmed', 'finished']);
    });

    it('an overpayment is finished with everything received in actually_paid, to the smallest unit', async () => {
      const payment = await create();
      const paid = p().coin.units(payment.pay_amount) + p().coin.units('0.5');
      const txHash = await payToFinish(p(), payment.payment_id, payment.pay_address, paid);
      const deposit = p()
        .chain.events.of(payment.payment_id)
        .find((e) => e.type === 'DepositDetected')!;
      expect(p().coin.units((deposit.data as { amount: string }).amount)).toBe(paid);
      await webhook(payment, 'finished');
      expect(await read(payment)).toMatchObject({
        payment_status: 'finished',
        payin_hash: txHash,
        actually_paid: Number(p().coin.amountOf(paid)),
      });
      expect(statuses(payment)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
    });

    it('money after expiry leaves the payment expired and opens a repeated payment that finishes on its own', async () => {
      const payment = await create();
      await finalise(p().chain.gateway, await storedPayment(p().chain.gateway, payment.payment_id), 'expire');
      await webhook(payment, 'expired');

      const txHash = await p().coin.pay(payment.pay_address, p().coin.units(payment.pay_amount));
      const late = (await p().chain.events.until(payment.payment_id, 'LateDepositReceived')).at(-1)!;
      expect(late.data).toMatchObject({ txHash, paymentStatus: 'expired' });
      const child = {
        payment_id: (late.data as { repeatedPayment: { paymentId: number } }).repeatedPayment.paymentId,
      };
      await p().node.mine(p().requiredConfirmations - 1);
      await p().chain.events.until(child.payment_id, 'PaymentFinished');
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
        p(),
        payment.payment_id,
        payment.pay_address,
        p().coin.units(payment.pay_amount),
      );
      await webhook(payment, 'finished');
      expect(await read(payment)).toMatchObject({ payment_status: 'finished', payin_hash: txHash });
      expect(statuses(payment)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
    });

    it('a restart of the whole gateway while blocks arrive counts nothing twice', async () => {
      const payment = await create();
      const txHash = await payThroughRestart(
        p(),
        payment.payment_id,
        payment.pay_address,
        p().coin.units(payment.pay_amount),
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
}
