import { multiply, roundDown } from '@gw/domain';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { finalise, readyMerchant } from '../alpha/alpha-fixtures';
import { SandboxTester } from '../alpha/sandbox-tester';
import { BetaClient } from './beta-client';

const LIFECYCLE_MS = 20_000;

describe('family B invoices through the sandbox chain, statuses read back mapped', () => {
  let gateway: TestGateway;
  let client: BetaClient;
  let tester: SandboxTester;

  const stored = async (trackId: string): Promise<PaymentDocument> => {
    const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    for (let attempt = 0; attempt < 250; attempt++) {
      const payment = await payments.get(trackId);
      if (payment) return payment;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`payment ${trackId} never reached the read model`);
  };

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new BetaClient(gateway.baseUrl, gateway.demoMerchant);
    tester = new SandboxTester(gateway, 'beta');
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it(
    'walks an invoice Waiting → Paying → Paid, then Refunded',
    async () => {
      const { track_id: trackId } = await client.createInvoice({ amount: 25, currency: 'USD' });
      expect((await client.itemWhen(trackId, () => true)).status).toBe('Waiting');

      const payment = await stored(trackId);
      const deposit = await tester.deposit(payment.payAddress, payment.payAmount);
      expect(deposit.payment_id).toBe(Number(trackId));
      await client.itemWhen(trackId, (item) => item.status === 'Paying');
      await tester.confirm(deposit.tx_hash, payment.requiredConfirmations);
      await client.itemWhen(trackId, (item) => item.status === 'Paid', LIFECYCLE_MS);

      const paid = await client.history({ status: 'paid' });
      expect(paid.body.data.list.map((item: { track_id: string }) => item.track_id)).toContain(trackId);
      const paidAfter = await client.history({ sort_by: 'pay_date', track_id: trackId });
      expect(paidAfter.body.data.list).toHaveLength(1);

      await tester.refund(trackId);
      await client.itemWhen(trackId, (item) => item.status === 'Refunded');
    },
    LIFECYCLE_MS * 2,
  );

  it(
    'pays in one call through /sandbox/v1/payments/{track_id}/pay',
    async () => {
      const { track_id: trackId } = await client.createInvoice({ amount: '0.003', currency: 'BTC' });
      await stored(trackId);
      await tester.pay(trackId);
      expect(await client.itemWhen(trackId, (item) => item.status === 'Paid', LIFECYCLE_MS)).toMatchObject({
        amount: 0.003,
        currency: 'BTC',
        sandbox: true,
      });
      const information = await client.send('GET', `/payment/${trackId}`);
      expect(information.body.data).toMatchObject({ track_id: trackId, status: 'Paid', sandbox: true });
    },
    LIFECYCLE_MS * 2,
  );

  it('shows a half payment as Underpaid', async () => {
    const { track_id: trackId } = await client.createInvoice({ amount: 40, currency: 'USD' });
    const payment = await stored(trackId);
    await tester.deposit(
      payment.payAddress,
      roundDown(multiply(payment.payAmount, '0.5'), payment.payDecimals),
      payment.requiredConfirmations,
    );
    await client.itemWhen(trackId, (item) => item.status === 'Underpaid');
    const underpaid = await client.history({ status: 'underpaid' });
    expect(underpaid.body.data.list.map((item: { track_id: string }) => item.track_id)).toEqual([trackId]);
  });

  it(
    'counts an underpayment within under_paid_coverage as paid',
    async () => {
      const { track_id: trackId } = await client.createInvoice({
        amount: 40,
        currency: 'USD',
        under_paid_coverage: '5',
      });
      const payment = await stored(trackId);
      await tester.deposit(
        payment.payAddress,
        roundDown(multiply(payment.payAmount, '0.96'), payment.payDecimals),
        payment.requiredConfirmations,
      );
      await client.itemWhen(trackId, (item) => item.status === 'Paid', LIFECYCLE_MS);
    },
    LIFECYCLE_MS * 2,
  );

  it('shows an expired invoice as Expired and a failed one as Failed', async () => {
    const expiring = await client.createInvoice({ lifetime: 15 });
    const failing = await client.createInvoice();
    await finalise(gateway, await stored(expiring.track_id), 'expire');
    await finalise(gateway, await stored(failing.track_id), 'fail');
    await client.itemWhen(expiring.track_id, (item) => item.status === 'Expired');
    await client.itemWhen(failing.track_id, (item) => item.status === 'Failed');
  });

  it(
    'lets a sandbox invoice pay itself in full',
    async () => {
      const { track_id: trackId } = await client.createInvoice({
        amount: 15,
        currency: 'USD',
        sandbox: true,
      });
      expect((await stored(trackId)).sandboxCase).toBe('success');
      await client.itemWhen(trackId, (item) => item.status === 'Paid', LIFECYCLE_MS);
    },
    LIFECYCLE_MS * 2,
  );
});
