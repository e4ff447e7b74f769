import { startTestGateway, type TestGateway } from '../../support/gateway';
import {
  cryptomusPyVerifier,
  nowPaymentsDocVerifier,
  nowPaymentsRawBodyVerifier,
  oxaPayPhpVerifier,
} from '@gw/families/testing';
import { admin, deliveriesOf, eventually, PaymentDriver, statusesOf } from './support/notifier-harness';
import { startReceiver, type Receiver } from './support/receiver';

describe('webhooks over a payment’s whole life, per family', () => {
  let gateway: TestGateway;
  let receiver: Receiver;
  let driver: PaymentDriver;

  beforeAll(async () => {
    gateway = await startTestGateway();
    driver = new PaymentDriver(gateway);
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

  it('V1: an IPN per payment_status change, in order, signed with x-nowpayments-sig', async () => {
    const merchant = gateway.demoMerchant;
    const terms = await driver.open('v1', merchant, `${receiver.url}/ipn`);
    await driver.payInFull(terms);
    await driver.payOut(terms);
    await eventually(() => receiver.calls.length === 5);
    expect(statusesOf(receiver.calls, 'payment_status')).toEqual([
      'waiting',
      'confirming',
      'confirmed',
      'sending',
      'finished',
    ]);
    for (const call of receiver.calls) {
      const signature = String(call.headers['x-nowpayments-sig']);
      expect(nowPaymentsDocVerifier(call.rawBody.toString('utf8'), signature, merchant.ipnSecret)).toBe(true);
      expect(nowPaymentsRawBodyVerifier(call.rawBody, signature, merchant.ipnSecret)).toBe(true);
      expect(call.json.payment_id).toBe(terms.paymentId);
      // Opened without a merchant wallet, so on the sandbox chain: a test payment, said inside the signed body.
      expect(call.json.is_test).toBe(true);
      expect(call.path).toBe('/ipn');
    }
    expect(receiver.calls[0]!.json).toMatchObject({
      actually_paid: 0,
      outcome_amount: 0,
      order_id: terms.orderId,
      price_amount: 100,
      price_currency: 'usd',
    });
    expect(receiver.calls[4]!.json).toMatchObject({
      actually_paid: Number(terms.payAmount),
      payment_status: 'finished',
    });
    expect((receiver.calls[4]!.json.outcome_amount as number) > 0).toBe(true);
    // The receiver holds the fifth IPN before the delivery log records its answer: wait for that record.
    const deliveries = await eventually(async () => {
      const logged = await deliveriesOf(gateway, terms.paymentId);
      return logged.length === 5 && logged.every((d) => d.state !== 'pending') && logged;
    });
    expect(deliveries.map((d) => [d.state, d.attempt_count])).toEqual(
      Array.from({ length: 5 }, () => ['delivered', 1]),
    );
  });

  it('signs with the key the merchant has when the change happens: a rotated IPN secret signs the next IPN', async () => {
    const merchant = await gateway.createMerchant('Rotating shop');
    const terms = await driver.open('v1', merchant, `${receiver.url}/rotated`);
    await eventually(() => receiver.calls.length === 1);
    expect(
      nowPaymentsRawBodyVerifier(
        receiver.calls[0]!.rawBody,
        String(receiver.calls[0]!.headers['x-nowpayments-sig']),
        merchant.ipnSecret,
      ),
    ).toBe(true);
    // The rotation is answered once the merchants' read model holds the new secret: no wait.
    const rotated = await admin<{ ipn_secret: string }>(
      gateway,
      'POST',
      `/merchants/${merchant.merchantId}/keys/ipn-secret/rotate`,
    );
    expect(rotated.status).toBe(200);
    await driver.deposit(terms, '0.00001');
    await eventually(() => receiver.calls.length === 2);
    const ipn = receiver.calls[1]!;
    expect(ipn.json.payment_status).toBe('partially_paid');
    const signature = String(ipn.headers['x-nowpayments-sig']);
    expect(nowPaymentsRawBodyVerifier(ipn.rawBody, signature, rotated.body.ipn_secret)).toBe(true);
    expect(nowPaymentsRawBodyVerifier(ipn.rawBody, signature, merchant.ipnSecret)).toBe(false);
  });

  it('family A: confirm_check then paid, with sign over the PHP-style JSON', async () => {
    const merchant = await gateway.createMerchant('Alpha shop');
    const terms = await driver.open('alpha', merchant, `${receiver.url}/cryptomus`);
    await driver.payInFull(terms);
    await driver.payOut(terms);
    await eventually(() => receiver.calls.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statusesOf(receiver.calls, 'status')).toEqual(['confirm_check', 'paid']);
    expect(statusesOf(receiver.calls, 'is_final')).toEqual([false, true]);
    for (const call of receiver.calls) {
      expect(cryptomusPyVerifier(call.rawBody.toString('utf8'), merchant.paymentKey)).toBe(true);
      expect(call.json).toMatchObject({
        type: 'payment',
        uuid: terms.uuid,
        order_id: terms.orderId,
        amount: '100.00000000',
        currency: 'USD',
        is_test: true,
      });
    }
    // Every money field as upstream writes it: a string with 8 decimals.
    for (const field of ['amount', 'payment_amount', 'payment_amount_usd', 'merchant_amount', 'payer_amount'])
      expect({ [field]: receiver.calls[1]!.json[field] }).toEqual({
        [field]: expect.stringMatching(/^\d+\.\d{8}$/),
      });
  });

  it('family B: Paying then Paid, with the HMAC header over the raw body', async () => {
    const merchant = await gateway.createMerchant('Beta shop');
    const terms = await driver.open('beta', merchant, `${receiver.url}/oxapay`);
    await driver.payInFull(terms);
    await driver.payOut(terms);
    await eventually(() => receiver.calls.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statusesOf(receiver.calls, 'status')).toEqual(['Paying', 'Paid']);
    for (const call of receiver.calls) {
      expect(oxaPayPhpVerifier(call.rawBody, call.headers, merchant.betaApiKey)).toBe(true);
      expect(call.json).toMatchObject({
        track_id: terms.trackId,
        type: 'invoice',
        amount: 100,
        currency: 'USD',
        sandbox: true,
      });
      expect(typeof call.json.track_id).toBe('string');
    }
    expect((receiver.calls[1]!.json.txs as unknown[]).length).toBe(1);
  });

  it('an underpayment reaches each family in its own words, and a payment without a URL sends nothing', async () => {
    const merchant = gateway.demoMerchant;
    const silent = await driver.open('v1', merchant, null);
    const v1 = await driver.open('v1', merchant, `${receiver.url}/v1`);
    const alpha = await driver.open('alpha', merchant, `${receiver.url}/alpha`);
    const beta = await driver.open('beta', merchant, `${receiver.url}/beta`);
    for (const terms of [silent, v1, alpha, beta]) await driver.deposit(terms, '0.00001');
    await eventually(() => receiver.calls.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const byPath = (path: string) =>
      receiver.calls.filter((c) => c.path === path).map((c) => c.json.payment_status ?? c.json.status);
    expect(byPath('/v1')).toEqual(['waiting', 'partially_paid']);
    expect(byPath('/alpha')).toEqual(['wrong_amount']);
    expect(byPath('/beta')).toEqual(['Underpaid']);
    expect(await deliveriesOf(gateway, silent.paymentId)).toEqual([]);
  });
});
