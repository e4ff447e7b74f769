import { startTestGateway, type TestGateway } from '../../support/gateway';
import { SandboxClient } from './sandbox-client';

describe('sandbox `case` on POST /v1/payment', () => {
  let gateway: TestGateway;
  let client: SandboxClient;

  beforeAll(async () => {
    gateway = await startTestGateway();
    client = new SandboxClient(gateway);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('case "success" pays the payment in full and settles it', async () => {
    const payment = await client.createPayment({ case: 'success' });
    const finished = await client.paymentIn(payment.payment_id, 'finished', 20_000);
    expect(finished.actually_paid).toBe(payment.pay_amount);
    expect(finished.payin_hash).not.toBeNull();
    expect(finished.payout_hash).not.toBeNull();
  });

  it('case "partially_paid" sends half the amount and stays partially_paid', async () => {
    const payment = await client.createPayment({ case: 'partially_paid' });
    const underpaid = await client.paymentIn(payment.payment_id, 'partially_paid');
    expect(underpaid.actually_paid).toBeCloseTo(payment.pay_amount / 2, 8);
    const view = await client.call<{ deposits: { confirmations: number; source: string }[] }>(
      'GET',
      `/sandbox/v1/payments/${payment.payment_id}`,
    );
    expect(view.body.deposits).toHaveLength(1);
    expect(view.body.deposits[0]).toMatchObject({ source: 'case' });
  });

  it('case "fail" sends the amount, then fails the payment', async () => {
    const payment = await client.createPayment({ case: 'fail' });
    const failed = await client.paymentIn(payment.payment_id, 'failed');
    expect(failed.actually_paid).toBe(payment.pay_amount);
    expect(await client.eventTypes(payment.payment_id)).toEqual([
      'PaymentCreated',
      'DepositDetected',
      'PaymentConfirming',
      'PaymentFailed',
    ]);
  });
});
