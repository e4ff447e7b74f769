import { finalise, storedPayment } from '../../../e2e/alpha/alpha-fixtures';
import { BetaClient } from '../../../e2e/beta/beta-client';
import { webhookCall, webhookStatuses } from '../../../support/chain/webhook-calls';
import type { CoinCase, PaidIn } from './paid-in';
import { payThroughReorganisation, payThroughRestart, payToFinish } from './scenarios';

/** Family B (OxaPay) paid in one coin on anvil: its statuses, `txs` with their hashes and amounts, and callbacks. */
export function betaSpecs(p: () => PaidIn, coinCase: CoinCase): void {
  describe('family B', () => {
    const client = () => new BetaClient(p().chain.gateway.baseUrl, p().merchant);
    /** An invoice in USD (it opens in the merchant's only coin), or in the coin's own fields. */
    const create = async () => {
      const { track_id: trackId } = await client().createInvoice({
        amount: 20,
        currency: 'USD',
        ...coinCase.beta,
        callback_url: `${p().chain.webhooks.url}/beta`,
      });
      const stored = await storedPayment(p().chain.gateway, Number(trackId));
      expect(stored.payCurrency).toBe(coinCase.code);
      return { trackId, stored };
    };
    const about = (trackId: string) => (json: Record<string, unknown>) => json.track_id === trackId;
    const webhook = (trackId: string, status: string, count = 1) =>
      webhookCall(p().chain.webhooks, (json) => about(trackId)(json) && json.status === status, count);
    const statuses = (trackId: string) => webhookStatuses(p().chain.webhooks, about(trackId));
    type Tx = { tx_hash: string; received_amount: number; amount: number; status: string };
    const hashes = (txs: unknown) => (txs as Tx[]).map((tx) => tx.tx_hash);
    const information = async (trackId: string) => {
      const answer = await client().send('GET', `/payment/${trackId}`);
      expect(answer.status).toBe(200);
      return answer.body.data as { status: string; txs: Tx[]; sandbox: boolean };
    };

    it.each(coinCase.senders)(
      'an exact payment from %s is Paying once mined and Paid two blocks later, its hash in txs',
      async (from, sender) => {
        const { trackId, stored } = await create();
        const sentAt = Date.now();
        const txHash = await p().coin.pay(stored.payAddress, p().coin.units(stored.payAmount), sender);
        await p().chain.events.until(stored.paymentId, 'PaymentConfirming');
        await client().itemWhen(trackId, (item) => item.status === 'Paying');
        const payingAt = Date.now();
        expect(hashes((await webhook(trackId, 'Paying')).json.txs)).toEqual([txHash]);

        const minedAt = Date.now();
        await p().node.mine(p().requiredConfirmations - 1);
        await p().chain.events.until(stored.paymentId, 'PaymentFinished');
        const paid = await webhook(trackId, 'Paid');
        const webhookAt = Date.now();
        expect(paid.json).toMatchObject({ sandbox: false });
        expect(paid.json.txs).toEqual([
          expect.objectContaining({
            tx_hash: txHash,
            received_amount: Number(stored.payAmount),
            status: 'confirmed',
          }),
        ]);
        await client().itemWhen(trackId, (item) => item.status === 'Paid');
        const paidAt = Date.now();
        p().figures.push(
          `family B ${coinCase.code} from ${from} on anvil: tx sent → Paying read ${payingAt - sentAt} ms; ` +
            `${p().requiredConfirmations - 1} more blocks → Paid webhook delivered ${webhookAt - minedAt} ms, ` +
            `Paid read ${paidAt - minedAt} ms (both include mining)`,
        );
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
      const total = p().coin.units(stored.payAmount);
      const first = await p().coin.pay(stored.payAddress, total / 2n);
      await p().chain.events.until(stored.paymentId, 'PaymentUnderpaid');
      await client().itemWhen(trackId, (item) => item.status === 'Underpaid');
      expect(hashes((await webhook(trackId, 'Underpaid')).json.txs)).toEqual([first]);

      const rest = await payToFinish(p(), stored.paymentId, stored.payAddress, total - total / 2n);
      const paid = await webhook(trackId, 'Paid');
      expect(paid.json.txs).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            tx_hash: first,
            received_amount: Number(p().coin.amountOf(total / 2n)),
            status: 'confirmed',
          }),
          expect.objectContaining({
            tx_hash: rest,
            received_amount: Number(p().coin.amountOf(total - total / 2n)),
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
      const paid = p().coin.units(stored.payAmount) + p().coin.units('0.5');
      const txHash = await payToFinish(p(), stored.paymentId, stored.payAddress, paid);
      const call = await webhook(trackId, 'Paid');
      expect(call.json.txs).toEqual([
        expect.objectContaining({ tx_hash: txHash, received_amount: Number(p().coin.amountOf(paid)) }),
      ]);
      await client().itemWhen(trackId, (item) => item.status === 'Paid');
      expect((await information(trackId)).txs).toEqual([
        expect.objectContaining({
          tx_hash: txHash,
          amount: Number(p().coin.amountOf(paid)),
          status: 'confirmed',
        }),
      ]);
      expect(statuses(trackId)).toEqual(['Paying', 'Paid']);
    });

    it('a payment after expiry stays Expired, with the money as one more transaction', async () => {
      const { trackId, stored } = await create();
      await finalise(p().chain.gateway, stored, 'expire');
      expect(hashes((await webhook(trackId, 'Expired')).json.txs)).toEqual([]);

      const txHash = await p().coin.pay(stored.payAddress, p().coin.units(stored.payAmount));
      const history = await p().chain.events.until(stored.paymentId, 'LateDepositReceived');
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
        p(),
        stored.paymentId,
        stored.payAddress,
        p().coin.units(stored.payAmount),
      );
      expect(hashes((await webhook(trackId, 'Paid')).json.txs)).toEqual([txHash]);
      await client().itemWhen(trackId, (item) => item.status === 'Paid');
      expect(statuses(trackId)).toEqual(['Paying', 'Paid']);
    });

    it('a restart of the whole gateway while blocks arrive counts nothing twice', async () => {
      const { trackId, stored } = await create();
      const txHash = await payThroughRestart(
        p(),
        stored.paymentId,
        stored.payAddress,
        p().coin.units(stored.payAmount),
      );
      expect(hashes((await webhook(trackId, 'Paid')).json.txs)).toEqual([txHash]);
      expect(hashes((await information(trackId)).txs)).toEqual([txHash]);
      expect(statuses(trackId)).toEqual(['Paying', 'Paid']);
    });
  });
}
