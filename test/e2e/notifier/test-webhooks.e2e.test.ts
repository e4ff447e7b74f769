import { createHash } from 'node:crypto';
import type { MerchantKeys } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { cryptomusPyVerifier, nowPaymentsRawBodyVerifier, oxaPayPhpVerifier } from '@gw/families/testing';
import { deliveriesOf, eventually, PaymentDriver } from './support/notifier-harness';
import { startReceiver, type Receiver } from './support/receiver';

/** A family A call signed as upstream clients do: md5(base64(body) + payment key), headers merchant + sign. */
async function alphaCall(
  gateway: TestGateway,
  merchant: MerchantKeys,
  path: string,
  params: Record<string, unknown>,
) {
  const body = JSON.stringify(params).replace(/\//g, '\\/');
  const sign = createHash('md5')
    .update(Buffer.from(body).toString('base64') + merchant.paymentKey)
    .digest('hex');
  const response = await fetch(`${gateway.baseUrl}/alpha/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', merchant: merchant.merchantId, sign },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('test webhooks and resends for merchants', () => {
  let gateway: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    gateway = await startTestGateway();
  });
  afterAll(async () => {
    await gateway.stop();
  });
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('V1 POST /v1/ipn/test sends a signed sample IPN and reports the answer', async () => {
    const response = await fetch(`${gateway.baseUrl}/v1/ipn/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': gateway.demoMerchant.apiKey },
      body: JSON.stringify({ ipn_callback_url: `${receiver.url}/ipn`, payment_status: 'partially_paid' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      delivered: true,
      status_code: 200,
      payment_status: 'partially_paid',
      response_body: 'ok',
    });
    const [call] = receiver.calls;
    expect(call!.json.payment_status).toBe('partially_paid');
    // A sample is no real money: it says so like a sandbox payment does.
    expect(call!.json.is_test).toBe(true);
    expect(
      nowPaymentsRawBodyVerifier(
        call!.rawBody,
        String(call!.headers['x-nowpayments-sig']),
        gateway.demoMerchant.ipnSecret,
      ),
    ).toBe(true);
  });

  it('V1 test IPN refuses a bad key and a private URL', async () => {
    const badKey = await fetch(`${gateway.baseUrl}/v1/ipn/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'nope' },
      body: JSON.stringify({ ipn_callback_url: receiver.url }),
    });
    expect(badKey.status).toBe(403);
    expect(await badKey.json()).toMatchObject({ status: false, statusCode: 403, code: 'INVALID_API_KEY' });
    const privateUrl = await fetch(`${gateway.baseUrl}/v1/ipn/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': gateway.demoMerchant.apiKey },
      body: JSON.stringify({ ipn_callback_url: `http://localhost:${receiver.port}/` }),
    });
    expect(await privateUrl.json()).toMatchObject({ delivered: false, status_code: null });
    expect(receiver.calls).toHaveLength(0);
  });

  it.each([
    ['V1, no key', '/v1/ipn/test', '/v1/merchant/coins', {}],
    ['V1, a wrong key', '/v1/ipn/test', '/v1/merchant/coins', { 'x-api-key': 'nope' }],
    ['family B, no key', '/beta/v1/webhook/test', '/beta/v1/payment', {}],
    ['family B, a wrong key', '/beta/v1/webhook/test', '/beta/v1/payment', { merchant_api_key: 'nope' }],
  ])(
    'the test route refuses %s byte for byte as its family gateway does (one wording, in @gw/families)',
    async (_case, testRoute, gatewayRoute, headers: Record<string, string>) => {
      const answer = async (path: string, method: string) => {
        const response = await fetch(`${gateway.baseUrl}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(method === 'POST' ? { body: JSON.stringify({ callback_url: receiver.url }) } : {}),
        });
        return { status: response.status, body: await response.text() };
      };
      const fromTestRoute = await answer(testRoute, 'POST');
      expect(fromTestRoute.status).toBeGreaterThanOrEqual(401);
      expect(fromTestRoute).toEqual(await answer(gatewayRoute, 'GET'));
      expect(receiver.calls).toHaveLength(0);
    },
  );

  it('family B POST /beta/v1/webhook/test sends a sample callback with the HMAC header', async () => {
    const response = await fetch(`${gateway.baseUrl}/beta/v1/webhook/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', merchant_api_key: gateway.demoMerchant.betaApiKey },
      body: JSON.stringify({ callback_url: `${receiver.url}/oxapay`, status: 'paying' }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 200,
      version: '1.0.0',
      error: {},
      data: { delivered: true, status: 'Paying' },
    });
    const [call] = receiver.calls;
    expect(call!.json).toMatchObject({ status: 'Paying', type: 'invoice', sandbox: true });
    expect(oxaPayPhpVerifier(call!.rawBody, call!.headers, gateway.demoMerchant.betaApiKey)).toBe(true);
  });

  it('family A POST /alpha/v1/test-webhook/payment sends a signed sample and answers like upstream', async () => {
    const merchant = gateway.demoMerchant;
    const answer = await alphaCall(gateway, merchant, '/test-webhook/payment', {
      url_callback: `${receiver.url}/cryptomus`,
      currency: 'USDT',
      network: 'tron',
      status: 'paid_over',
      order_id: 'test-1',
    });
    expect(answer).toEqual({ status: 200, body: { state: 0, result: [] } });
    const [call] = receiver.calls;
    expect(call!.json).toMatchObject({
      type: 'payment',
      status: 'paid_over',
      is_final: true,
      is_test: true,
      order_id: 'test-1',
      network: 'tron',
    });
    expect(cryptomusPyVerifier(call!.rawBody.toString('utf8'), merchant.paymentKey)).toBe(true);
  });

  it('family A test webhook: validation errors in upstream shape, and a wrong sign is refused', async () => {
    const invalid = await alphaCall(gateway, gateway.demoMerchant, '/test-webhook/payment', {
      currency: 'USDT',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({
      state: 1,
      errors: { url_callback: ['validation.required'], network: ['validation.required'] },
    });
    const response = await fetch(`${gateway.baseUrl}/alpha/v1/test-webhook/payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        merchant: gateway.demoMerchant.merchantId,
        sign: '0'.repeat(32),
      },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid Sign.' });
  });

  it('family A POST /alpha/v1/payment/resend sends a final payment’s latest webhook again', async () => {
    const merchant = await gateway.createMerchant('Resend');
    const driver = new PaymentDriver(gateway);
    const terms = await driver.open('alpha', merchant, `${receiver.url}/cryptomus`);
    // Opened by command, so the read model shows it a moment later; a resend before that is a 404.
    await eventually(
      async () => (await alphaCall(gateway, merchant, '/payment/info', { uuid: terms.uuid })).status === 200,
    );
    const early = await alphaCall(gateway, merchant, '/payment/resend', { uuid: terms.uuid });
    expect(early).toMatchObject({ status: 422, body: { state: 1 } });
    await driver.payInFull(terms);
    await driver.payOut(terms);
    await eventually(() => receiver.calls.length === 2);
    await eventually(
      async () =>
        (
          (await alphaCall(gateway, merchant, '/payment/info', { uuid: terms.uuid })).body.result as {
            is_final?: boolean;
          }
        )?.is_final,
    );

    const latestDelivery = async () => (await deliveriesOf(gateway, terms.paymentId)).at(-1)!;
    for (let resend = 1; resend <= 10; resend++) {
      const resent = await alphaCall(
        gateway,
        merchant,
        '/payment/resend',
        resend % 2 ? { order_id: terms.orderId } : { uuid: terms.uuid },
      );
      expect(resent).toEqual({ status: 200, body: { state: 0, result: [] } });
      await eventually(
        async () => receiver.calls.length === 2 + resend && (await latestDelivery()).state === 'delivered',
      );
    }
    expect(receiver.calls[11]!.rawBody.equals(receiver.calls[1]!.rawBody)).toBe(true);
    expect(await latestDelivery()).toMatchObject({ webhook_status: 'paid', attempt_count: 11 });
    const tooMany = await alphaCall(gateway, merchant, '/payment/resend', { uuid: terms.uuid });
    expect(tooMany).toMatchObject({ status: 422, body: { state: 1, message: 'Too much resend' } });

    const missing = await alphaCall(gateway, merchant, '/payment/resend', {});
    expect(missing).toMatchObject({
      status: 422,
      body: { errors: { uuid: ['validation.required_without'], order_id: ['validation.required_without'] } },
    });
    const unknown = await alphaCall(gateway, merchant, '/payment/resend', {
      uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown).toMatchObject({ status: 404, body: { state: 1, message: 'Payment not found' } });
  });
});
