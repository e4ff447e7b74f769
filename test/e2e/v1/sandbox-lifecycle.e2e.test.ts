import { startTestGateway, type TestGateway } from '../../support/gateway';
import { V1Client, readyClient } from './v1-client';

describe('a V1 payment through the sandbox lifecycle', () => {
  let gateway: TestGateway;
  let client: V1Client;

  beforeAll(async () => {
    gateway = await startTestGateway();
    client = await readyClient(gateway);
  });

  afterAll(() => gateway.stop());

  it('case "success" walks the payment to finished with actually_paid, outcome_amount and payin_hash filled', async () => {
    const created = await client.createPayment({
      price_amount: 250,
      price_currency: 'usd',
      pay_currency: 'ltc',
      case: 'success',
      order_id: 'LIFE-1',
    });
    expect(created.payment_status).toBe('waiting');
    const seen = new Set<string>();
    const finished = await client.paymentWhen(
      created.payment_id,
      (payment) => {
        seen.add(payment.payment_status);
        return payment.payment_status === 'finished';
      },
      30_000,
    );
    expect(finished).toMatchObject({
      payment_id: created.payment_id,
      payment_status: 'finished',
      pay_amount: created.pay_amount,
      actually_paid: created.pay_amount,
      outcome_currency: 'ltc',
      payin_hash: expect.any(String),
      payout_hash: expect.any(String),
      order_id: 'LIFE-1',
    });
    expect(finished.outcome_amount).toBeGreaterThan(0);
    expect(finished.outcome_amount).toBeLessThanOrEqual(finished.actually_paid);
    expect(Date.parse(finished.updated_at)).toBeGreaterThanOrEqual(Date.parse(finished.created_at));
    const events = (await gateway.gateway.ctx.eventStore.readStream(`payment-${created.payment_id}`)).map(
      (e) => e.type,
    );
    expect(events[0]).toBe('PaymentCreated');
    expect(events).toEqual(
      expect.arrayContaining([
        'DepositDetected',
        'PaymentConfirming',
        'PaymentConfirmed',
        'PayoutStarted',
        'PaymentFinished',
      ]),
    );
    expect(events.at(-1)).toBe('PaymentFinished');
    const listed = await client.get(`/v1/payment/?limit=500&sortBy=payment_id`);
    expect(listed.body.data.find((p: { payment_id: number }) => p.payment_id === created.payment_id)).toEqual(
      finished,
    );
  });

  it('case "partially_paid" stops at partially_paid with half the amount received', async () => {
    const created = await client.createPayment({ case: 'partially_paid' });
    const underpaid = await client.paymentWhen(
      created.payment_id,
      (p) => p.payment_status === 'partially_paid' && p.actually_paid > 0,
      20_000,
    );
    expect(underpaid.actually_paid).toBeLessThan(created.pay_amount);
    expect(underpaid.payin_hash).toEqual(expect.any(String));
  });

  it('case "fail" ends failed', async () => {
    const created = await client.createPayment({ case: 'fail' });
    const failed = await client.paymentWhen(created.payment_id, (p) => p.payment_status === 'failed', 20_000);
    expect(failed.actually_paid).toBe(created.pay_amount);
  });

  it('a payment paid through the sandbox API walks the same way', async () => {
    const created = await client.createPayment({ pay_currency: 'btc' });
    await client.readablePayment(created.payment_id);
    const partial = await client.post('/sandbox/v1/deposits', {
      pay_address: created.pay_address,
      amount: String(Math.floor(created.pay_amount * 5e7) / 1e8),
    });
    expect(partial.status).toBe(202);
    await client.paymentWhen(created.payment_id, (p) => p.payment_status === 'partially_paid');
    const rest = await client.post(`/sandbox/v1/payments/${created.payment_id}/pay`, {});
    expect(rest.status).toBe(202);
    // The first transaction was seen unconfirmed; the payment confirms once every deposit has its confirmations.
    await client.paymentWhen(created.payment_id, (p) => p.payment_status === 'confirming');
    const chainView = await client.get(`/sandbox/v1/payments/${created.payment_id}`);
    const confirmed = await client.post(`/sandbox/v1/deposits/${partial.body.tx_hash}/confirmations`, {
      confirmations: chainView.body.required_confirmations,
    });
    expect(confirmed.status).toBe(202);
    const finished = await client.paymentWhen(
      created.payment_id,
      (p) => p.payment_status === 'finished',
      20_000,
    );
    expect(finished.actually_paid).toBeGreaterThanOrEqual(created.pay_amount);
    expect(finished.payin_hash).toBe(partial.body.tx_hash);
  });
});
