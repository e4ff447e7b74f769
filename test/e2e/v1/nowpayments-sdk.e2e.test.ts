import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import type { JsonBody } from './v1-client';

const run = promisify(execFile);

describe('the unmodified official NOWPayments JS SDK against our /v1', () => {
  let gateway: TestGateway;
  let results: JsonBody;

  beforeAll(async () => {
    gateway = await startTestGateway();
    // The SDK gives up on any request after 10 s, hard-coded. A gateway's first create starts its
    // address worker thread, which under jest loads the TypeScript sources through tsx: on a busy
    // machine that took longer (the SDK's create timed out in two clean-clone CI runs). One create
    // first, so the SDK's calls measure the API, not that start.
    const warmUp = await fetch(`${gateway.baseUrl}/v1/payment`, {
      method: 'POST',
      headers: { 'x-api-key': gateway.demoMerchant.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ price_amount: 10, price_currency: 'usd', pay_currency: 'btc' }),
    });
    expect(warmUp.status).toBe(201);
    // Only the child gets the proxy variables, so nothing else in this process is routed through them.
    const { stdout } = await run(
      process.execPath,
      [path.join(__dirname, 'nowpayments-sdk-driver.js'), gateway.demoMerchant.apiKey],
      {
        env: { HTTPS_PROXY: gateway.baseUrl, HTTP_PROXY: gateway.baseUrl },
        timeout: 60_000,
      },
    );
    results = JSON.parse(stdout) as JsonBody;
  });

  afterAll(() => gateway.stop());

  it('gets the status with its empty x-api-key', () => {
    expect(results.status).toEqual({ message: 'OK' });
  });

  it('lists currencies, estimates and minimums', () => {
    expect(results.currencies.currencies).toContain('btc');
    expect(results.estimate).toMatchObject({
      currency_from: 'usd',
      amount_from: 100,
      currency_to: 'btc',
      estimated_amount: expect.any(String),
    });
    expect(results.minAmount).toMatchObject({
      currency_from: 'btc',
      currency_to: 'btc',
      min_amount: expect.any(Number),
    });
  });

  it('creates a payment, sending fixed_rate under its old name', () => {
    expect(results.payment).toMatchObject({
      payment_id: expect.any(Number),
      payment_status: 'waiting',
      price_amount: 150,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_id: 'SDK-1',
      order_description: 'made by the official SDK',
      ipn_callback_url: 'https://shop.example/ipn',
      is_fixed_rate: true,
    });
  });

  it('gets a V1 error back as a result (the SDK never throws on 4xx)', () => {
    expect(results.invalidPayment).toMatchObject({
      status: false,
      statusCode: 400,
      code: 'INVALID_REQUEST_PARAMS',
    });
  });

  it('reads the payment and lists payments without a Bearer token', () => {
    expect(results.paymentStatus).toMatchObject({
      payment_id: results.payment.payment_id,
      payment_status: 'waiting',
      actually_paid: 0,
    });
    expect(results.list).toMatchObject({ limit: 5, page: 0, total: expect.any(Number) });
    expect(results.list.data[0].payment_id).toBe(results.payment.payment_id);
  });

  it('creates an invoice', () => {
    expect(results.invoice).toMatchObject({
      price_amount: '1000',
      order_id: 'SDK-INV',
      success_url: 'https://shop.example/ok',
      invoice_url: expect.stringContaining('/invoice/'),
    });
  });
});
