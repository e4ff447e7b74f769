import { streamIdOf } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import { adminClient } from '../admin/admin-helpers';
import { AlphaClient } from '../alpha/alpha-client';
import { readyMerchant, storedPayment } from '../alpha/alpha-fixtures';
import { SandboxTester } from '../alpha/sandbox-tester';
import { BetaClient } from '../beta/beta-client';
import { eventually } from '../notifier/support/notifier-harness';
import { startReceiver, type Receiver } from '../notifier/support/receiver';
import { startTestGateway, type TestGateway } from '../../support/gateway';

const WAIT_MS = 20_000;
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRON_ADDRESS = 'TDD97yguPESTpcrJMqU6h2ozZbibv4Vaqm';

/** A buyer's address on the payment's network (the sandbox pays on mainnet networks' formats). */
function buyerAddressOf(payment: PaymentDocument): string {
  if (payment.payNetwork === 'btc') return BTC_ADDRESS;
  if (['trx', 'tron'].includes(payment.payNetwork)) return TRON_ADDRESS;
  return EVM_ADDRESS;
}

/**
 * Refund requests through every surface that takes one (family A's `payment/refund`, the admin API),
 * refused in each surface's own error shape, and each family's webhook for a refund pending and done.
 * The refund transaction itself is what a chain watcher reports; here it comes as its command.
 */
describe('refund requests', () => {
  let gateway: TestGateway;
  let receiver: Receiver;
  let admin: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    receiver = await startReceiver();
    admin = adminClient(gateway);
  });

  afterAll(async () => {
    await gateway.stop();
    await receiver.close();
  });

  const webhook = (path: string, accept: (json: Record<string, unknown>) => boolean) =>
    eventually(() => receiver.calls.find((call) => call.path === path && accept(call.json)), WAIT_MS);

  async function sendRefundTransfer(payment: PaymentDocument, txHash: string, amount: string): Promise<void> {
    const reply = await gateway.gateway.ctx.commands.send(
      streamIdOf('payment', payment.paymentId),
      payment.merchantId,
      {
        type: 'RecordRefundTransfer',
        data: { txHash, outputIndex: 0, amount, confirmations: payment.requiredConfirmations + 1 },
      },
    );
    expect(reply).toMatchObject({ ok: true, eventTypes: ['PaymentRefunded'] });
  }

  describe('family A: POST /alpha/v1/payment/refund', () => {
    let client: AlphaClient;
    let tester: SandboxTester;

    beforeAll(() => {
      client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
      tester = new SandboxTester(gateway, 'alpha');
    });

    it(
      'records the refund (state 0, result []), shows refund_process with its webhook, then refund_paid',
      async () => {
        const path = '/alpha-refund';
        const created = await client.createPayment({
          amount: '0.002',
          currency: 'BTC',
          url_callback: `${receiver.url}${path}`,
        });
        await tester.pay((await storedPayment(gateway, created.uuid)).paymentId);
        await client.paymentWhen(created.uuid, (read) => read.status === 'paid', WAIT_MS);
        const payment = await storedPayment(gateway, created.uuid);
        const address = buyerAddressOf(payment);

        const answer = await client.post('/payment/refund', {
          order_id: created.order_id,
          address,
          is_subtract: true,
        });
        expect(answer).toEqual({ status: 200, body: { state: 0, result: [] } });
        const pending = await client.paymentWhen(created.uuid, (read) => read.status === 'refund_process');
        expect(pending).toMatchObject({ payment_status: 'finished' });
        const refundProcess = await webhook(path, (json) => json.status === 'refund_process');
        expect(refundProcess.json).toMatchObject({ uuid: created.uuid, type: 'payment' });
        const view = await admin<Record<string, unknown>>('GET', `/payments/${payment.paymentId}/refund`);
        expect(view.body).toMatchObject({
          refund_status: 'pending',
          address,
          amount: payment.actuallyPaid,
          currency: payment.payCurrency,
        });

        await sendRefundTransfer(payment, 'refund-tx-alpha', payment.actuallyPaid);
        const done = await client.paymentWhen(created.uuid, (read) => read.status === 'refund_paid');
        expect(done).toMatchObject({ payment_status: 'refunded', is_final: true });
        await webhook(path, (json) => json.status === 'refund_paid');
        expect(receiver.calls.filter((call) => call.path === path).map((call) => call.json.status)).toEqual([
          'confirm_check',
          'paid',
          'refund_process',
          'refund_paid',
        ]);
      },
      WAIT_MS * 2,
    );

    it('answers a malformed address, a missing payment key, an unknown payment and an unpaid one in family A shape', async () => {
      const created = await client.createPayment({ amount: '0.002', currency: 'BTC' });
      const badAddress = await client.post('/payment/refund', {
        uuid: created.uuid,
        address: '0xnot-a-btc-address',
        is_subtract: false,
      });
      expect(badAddress.status).toBe(422);
      expect(badAddress.body).toMatchObject({ state: 1, errors: { address: ['validation.invalid'] } });

      // Schemathesis found this one a 500: a null address passed the schema and reached the refund.
      const nullAddress = await client.post('/payment/refund', {
        order_id: '0',
        address: null,
        is_subtract: 'False',
      });
      expect(nullAddress.status).toBe(422);
      expect(nullAddress.body).toMatchObject({ state: 1, errors: { address: ['validation.string'] } });

      const noKey = await client.post('/payment/refund', { address: BTC_ADDRESS, is_subtract: true });
      expect(noKey.status).toBe(422);
      expect(noKey.body).toMatchObject({
        state: 1,
        errors: { uuid: ['validation.required_without'], order_id: ['validation.required_without'] },
      });

      const unknown = await client.post('/payment/refund', {
        uuid: '8b03432e-0000-4000-8000-00000000ffff',
        address: BTC_ADDRESS,
        is_subtract: true,
      });
      // Upstream's refund page: 422 "Payment was not found".
      expect(unknown).toEqual({ status: 422, body: { state: 1, message: 'Payment was not found' } });

      const unpaid = await client.post('/payment/refund', {
        uuid: created.uuid,
        address: buyerAddressOf(await storedPayment(gateway, created.uuid)),
        is_subtract: true,
      });
      expect(unpaid.status).toBe(422);
      expect(unpaid.body).toEqual({
        state: 1,
        message: 'Payment cannot be refunded: a waiting payment cannot be refunded',
      });
    });
  });

  describe('family B and V1: the admin API (so the CLI)', () => {
    it(
      'shows a family B payment Refunding with its callback, then Refunded',
      async () => {
        const path = '/beta-refund';
        const beta = new BetaClient(gateway.baseUrl, gateway.demoMerchant);
        const { track_id: trackId } = await beta.createInvoice({ callback_url: `${receiver.url}${path}` });
        await new SandboxTester(gateway, 'beta').pay(trackId);
        await beta.itemWhen(trackId, (item) => item.status === 'Paid', WAIT_MS);
        const payment = await storedPayment(gateway, Number(trackId));

        const requested = await admin<Record<string, unknown>>(
          'POST',
          `/payments/${payment.paymentId}/refund-request`,
          { body: { address: buyerAddressOf(payment) } },
        );
        expect(requested.status).toBe(200);
        expect(requested.body).toMatchObject({ refund_status: 'pending', amount: payment.actuallyPaid });
        await beta.itemWhen(trackId, (item) => item.status === 'Refunding', WAIT_MS);
        await webhook(path, (json) => json.status === 'Refunding');

        await sendRefundTransfer(payment, 'refund-tx-beta', payment.actuallyPaid);
        await beta.itemWhen(trackId, (item) => item.status === 'Refunded', WAIT_MS);
        await webhook(path, (json) => json.status === 'Refunded');
        const refunded = await admin<Record<string, unknown>>('GET', `/payments/${payment.paymentId}/refund`);
        expect(refunded.body).toMatchObject({ refund_status: 'refunded', refund_hash: 'refund-tx-beta' });
      },
      WAIT_MS * 2,
    );

    it('refuses a bad address, an amount of 1e309 or above what was received, and an unpaid payment, never with a 500', async () => {
      const client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
      const created = await client.createPayment({ amount: '0.002', currency: 'BTC' });
      const waiting = await storedPayment(gateway, created.uuid);
      const url = `/payments/${waiting.paymentId}/refund-request`;
      const address = buyerAddressOf(waiting);

      const refused = async (body: string, status: number, message: RegExp) => {
        const answer = await admin<{ message: string }>('POST', url, {
          rawBody: body,
          headers: { 'content-type': 'application/json' },
        });
        expect(answer.status).toBe(status);
        expect(answer.body.message).toMatch(message);
      };
      await refused(JSON.stringify({ address: 'nope' }), 400, /^address is not a \w+ address$/);
      await refused(`{"address":"${address}","amount":1e309}`, 400, /amount/);
      await refused(JSON.stringify({ address, amount: '-1' }), 400, /amount/);
      await refused(JSON.stringify({}), 400, /address is required/);
      await refused(JSON.stringify({ address }), 409, /a waiting payment cannot be refunded/);

      await new SandboxTester(gateway, 'alpha').pay(waiting.paymentId);
      await client.paymentWhen(created.uuid, (read) => read.status === 'paid', WAIT_MS);
      const paid = await storedPayment(gateway, created.uuid);
      await refused(
        JSON.stringify({ address, amount: `${paid.actuallyPaid}1` }),
        400,
        /at most what the payment received/,
      );
      const unknown = await admin('POST', '/payments/999999999/refund-request', { body: { address } });
      expect(unknown.status).toBe(404);
    });
  });
});
