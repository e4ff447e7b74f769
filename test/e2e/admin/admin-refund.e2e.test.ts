import { streamIdOf } from '@gw/domain';
import { openPayment } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { adminClient, eventTypesOf, eventually, v1Get } from './admin-helpers';

describe('admin API: refunds', () => {
  let gateway: TestGateway;
  let admin: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    admin = adminClient(gateway);
  });
  afterAll(() => gateway.stop());

  async function openV1Payment() {
    const { terms, reply } = await openPayment(gateway.gateway.ctx, {
      merchantId: gateway.demoMerchant.merchantId,
      family: 'v1',
      priceAmount: '100',
      priceCurrency: 'usd',
      payCurrency: 'btc',
      payAmount: '0.0011',
      orderId: null,
      orderDescription: null,
      callbackUrl: null,
      lifetimeSeconds: 3600,
    });
    expect(reply.ok).toBe(true);
    return terms;
  }

  async function payPart(paymentId: number, payAmount: string) {
    const half = (Number(payAmount) / 2).toFixed(8);
    const reply = await gateway.gateway.ctx.commands.send(
      streamIdOf('payment', paymentId),
      gateway.demoMerchant.merchantId,
      {
        type: 'RecordDeposit',
        data: { txHash: `refund-test-${paymentId}`, amount: half, fromAddress: null, confirmations: 1 },
      },
    );
    expect(reply).toMatchObject({ ok: true, eventTypes: ['DepositDetected', 'PaymentUnderpaid'] });
  }

  it('refunds a partially paid payment, which V1 then shows as refunded', async () => {
    const payment = await openV1Payment();
    await payPart(payment.paymentId, payment.payAmount);

    const response = await admin('POST', `/payments/${payment.paymentId}/refund`, {
      body: { refund_hash: '0xrefund' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      payment_id: payment.paymentId,
      merchant_id: gateway.demoMerchant.merchantId,
      payment_status: 'refunded',
      refund_hash: '0xrefund',
    });
    expect((await eventTypesOf(gateway, streamIdOf('payment', payment.paymentId))).at(-1)).toBe(
      'PaymentRefunded',
    );
    await eventually(async () => {
      const v1 = await v1Get<{ payment_status: string }>(
        gateway,
        `/v1/payment/${payment.paymentId}`,
        gateway.demoMerchant.apiKey,
      );
      expect(v1.body.payment_status).toBe('refunded');
    });

    const again = await admin('POST', `/payments/${payment.paymentId}/refund`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'a refunded payment cannot become refunded',
    });
  });

  it('refuses to refund a payment nobody paid with 409, recording nothing', async () => {
    const payment = await openV1Payment();
    const response = await admin('POST', `/payments/${payment.paymentId}/refund`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'a waiting payment cannot become refunded',
    });
    expect(await eventTypesOf(gateway, streamIdOf('payment', payment.paymentId))).toEqual(['PaymentCreated']);
  });

  it('answers 404 for an unknown payment id and a non-numeric one', async () => {
    for (const id of ['1234567890', 'abc']) {
      const response = await admin('POST', `/payments/${id}/refund`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'payment not found' });
    }
  });

  it('refuses an unknown body field with 400', async () => {
    const payment = await openV1Payment();
    const response = await admin('POST', `/payments/${payment.paymentId}/refund`, {
      body: { reason: 'customer asked' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'reason is not a known field' });
  });
});
