import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { SandboxClient } from './sandbox-client';

describe('paying through the sandbox chain', () => {
  let gateway: TestGateway;
  let client: SandboxClient;

  beforeAll(async () => {
    gateway = await startTestGateway();
    client = new SandboxClient(gateway);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('walks a fully paid payment waiting → confirming → confirmed → sending → finished', async () => {
    const payment = await client.createPayment();
    expect(payment.payment_status).toBe('waiting');
    expect(payment.is_test).toBe(true);

    const deposit = await client.call('POST', '/sandbox/v1/deposits', {
      pay_address: payment.pay_address,
      amount: String(payment.pay_amount),
      from_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(deposit.status).toBe(202);
    expect(deposit.body).toMatchObject({ payment_id: payment.payment_id, network: 'btc', confirmations: 0 });
    expect(deposit.body.tx_hash).toMatch(/^[0-9a-f]{64}$/);

    const confirming = await client.paymentIn(payment.payment_id, 'confirming');
    expect(confirming).toMatchObject({
      actually_paid: payment.pay_amount,
      payin_hash: deposit.body.tx_hash,
      payout_hash: null,
    });

    const confirmed = await client.call(
      'POST',
      `/sandbox/v1/deposits/${String(deposit.body.tx_hash)}/confirmations`,
      { confirmations: 2 },
    );
    expect(confirmed.status).toBe(202);
    expect(confirmed.body.confirmations).toBe(2);

    const finished = await client.paymentIn(payment.payment_id, 'finished');
    expect(finished.actually_paid).toBe(payment.pay_amount);
    expect(finished.outcome_amount).toBeGreaterThan(0);
    expect(finished.outcome_amount).toBeLessThan(payment.pay_amount);
    expect(finished.outcome_currency).toBe('btc');
    expect(finished.is_test).toBe(true);
    expect(finished.payin_hash).toBe(deposit.body.tx_hash);
    expect(finished.payout_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await client.eventTypes(payment.payment_id)).toEqual([
      'PaymentCreated',
      'DepositDetected',
      'PaymentConfirming',
      'DepositConfirmationsUpdated',
      'PaymentConfirmed',
      'PayoutStarted',
      'PaymentFinished',
    ]);
  });

  it('leaves a partial deposit partially_paid, and finishes the payment after a top-up', async () => {
    const payment = await client.createPayment();
    const half = (payment.pay_amount / 2).toFixed(8);
    const partial = await client.call('POST', '/sandbox/v1/deposits', {
      pay_address: payment.pay_address,
      amount: half,
      confirmations: 2,
    });
    expect(partial.status).toBe(202);
    const underpaid = await client.paymentIn(payment.payment_id, 'partially_paid');
    expect(underpaid.actually_paid).toBe(Number(half));

    const topUp = await client.call('POST', `/sandbox/v1/payments/${payment.payment_id}/pay`, {});
    expect(topUp.status).toBe(202);
    expect(topUp.body.confirmations).toBe(2);

    const finished = await client.paymentIn(payment.payment_id, 'finished');
    expect(finished.actually_paid).toBe(payment.pay_amount);
    expect(finished.payout_hash).not.toBeNull();

    const view = await client.call<{
      deposits: { tx_hash: string; amount: string; confirmations: number }[];
    }>('GET', `/sandbox/v1/payments/${payment.payment_id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      payment_id: payment.payment_id,
      payment_status: 'finished',
      pay_address: payment.pay_address,
    });
    expect(view.body.deposits.map((d) => d.tx_hash)).toEqual([partial.body.tx_hash, topUp.body.tx_hash]);
  });

  it('pays a payment in full in one call', async () => {
    const payment = await client.createPayment({ pay_currency: 'usdttrc20' });
    const paid = await client.call('POST', `/sandbox/v1/payments/${payment.payment_id}/pay`, {});
    expect(paid.status).toBe(202);
    expect(paid.body).toMatchObject({
      network: 'trx',
      confirmations: 19,
      amount: String(payment.pay_amount),
    });
    await client.paymentIn(payment.payment_id, 'finished');
  });

  describe('refuses', () => {
    it('an unknown pay address with 404 in V1 error shape', async () => {
      const answer = await client.call('POST', '/sandbox/v1/deposits', {
        pay_address: 'bc1qnobodyhere',
        amount: '1',
      });
      expect(answer).toEqual({
        status: 404,
        body: {
          statusCode: 404,
          error: 'Not Found',
          message: 'No payment found for pay_address bc1qnobodyhere',
        },
      });
    });

    it.each([
      [{ amount: '1' }],
      [{ pay_address: 'x' }],
      [{ pay_address: 'x', amount: '-1' }],
      [{ pay_address: 'x', amount: 'ten' }],
      [{ pay_address: 'x', amount: '1', confirmations: -1 }],
      [{ pay_address: 'x', amount: '1', confirmations: 1.5 }],
      [{ pay_address: 'x', amount: '1', surprise: true }],
    ])('an invalid deposit %j with 400', async (body) => {
      const answer = await client.call('POST', '/sandbox/v1/deposits', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });

    it('an amount finer than the currency decimals', async () => {
      const payment = await client.createPayment();
      const answer = await client.call('POST', '/sandbox/v1/deposits', {
        pay_address: payment.pay_address,
        amount: '0.000000001',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('more than 8 decimals');
    });

    it('confirmations for an unknown transaction, and confirmations that go down', async () => {
      expect(
        (await client.call('POST', '/sandbox/v1/deposits/deadbeef/confirmations', { confirmations: 1 }))
          .status,
      ).toBe(404);
      const payment = await client.createPayment();
      const deposit = await client.call('POST', '/sandbox/v1/deposits', {
        pay_address: payment.pay_address,
        amount: '0.0001',
        confirmations: 1,
      });
      const lower = await client.call(
        'POST',
        `/sandbox/v1/deposits/${String(deposit.body.tx_hash)}/confirmations`,
        { confirmations: 0 },
      );
      expect(lower.status).toBe(409);
    });

    it('an unknown payment id with 404 and a malformed one with 400', async () => {
      expect((await client.call('GET', '/sandbox/v1/payments/123')).status).toBe(404);
      expect((await client.call('POST', '/sandbox/v1/payments/abc/pay', {})).status).toBe(400);
    });
  });

  it('shows a sandbox payment as a test payment on its hosted page', async () => {
    const payment = await client.createPayment();
    const stored = await gateway.gateway.ctx.readModels
      .collection<PaymentDocument>(COLLECTIONS.payments)
      .get(String(payment.payment_id));
    expect(stored?.testPayment).toBe(true);
    const page = await fetch(`${gateway.baseUrl}/pay/${stored!.uuid}`);
    expect(await page.text()).toContain('Test payment: paid on a simulated chain');
  });

  describe('only the owning merchant moves a payment', () => {
    it('refuses an anonymous caller with 401 and an unknown key with 403, and nothing moves', async () => {
      const payment = await client.createPayment();
      const deposit = { pay_address: payment.pay_address, amount: String(payment.pay_amount) };
      const anonymous = await client.call('POST', '/sandbox/v1/deposits', deposit, {});
      expect(anonymous).toMatchObject({ status: 401, body: { statusCode: 401, error: 'Unauthorized' } });
      const unknown = await client.call(
        'POST',
        `/sandbox/v1/payments/${payment.payment_id}/pay`,
        {},
        {
          'x-api-key': 'not-a-merchant-key',
        },
      );
      expect(unknown).toMatchObject({ status: 403, body: { statusCode: 403, error: 'Forbidden' } });
      expect(await client.eventTypes(payment.payment_id)).toEqual(['PaymentCreated']);
    });

    it('answers another merchant as if the payment, address and transaction did not exist', async () => {
      const payment = await client.createPayment();
      const paid = await client.call('POST', '/sandbox/v1/deposits', {
        pay_address: payment.pay_address,
        amount: '0.0001',
      });
      expect(paid.status).toBe(202);
      const intruder = await gateway.createMerchant('Intruder');
      const asIntruder = { 'x-api-key': intruder.apiKey };
      const answers = [
        await client.call('POST', `/sandbox/v1/payments/${payment.payment_id}/pay`, {}, asIntruder),
        await client.call('GET', `/sandbox/v1/payments/${payment.payment_id}`, undefined, asIntruder),
        await client.call(
          'POST',
          '/sandbox/v1/deposits',
          { pay_address: payment.pay_address, amount: String(payment.pay_amount) },
          asIntruder,
        ),
        await client.call(
          'POST',
          `/sandbox/v1/deposits/${String(paid.body.tx_hash)}/confirmations`,
          { confirmations: 6 },
          asIntruder,
        ),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
      const seen = await client.paymentIn(payment.payment_id, 'partially_paid');
      expect(seen.actually_paid).toBe(0.0001);
      expect(await client.eventTypes(payment.payment_id)).toEqual([
        'PaymentCreated',
        'DepositDetected',
        'PaymentUnderpaid',
      ]);
    });

    it('takes the family B merchant_api_key of the owner', async () => {
      const payment = await client.createPayment();
      const answer = await client.call(
        'POST',
        `/sandbox/v1/payments/${payment.payment_id}/pay`,
        {},
        {
          merchant_api_key: gateway.demoMerchant.betaApiKey,
        },
      );
      expect(answer.status).toBe(202);
      await client.paymentIn(payment.payment_id, 'finished');
    });
  });
});
