import path from 'node:path';
import type { MerchantKeys } from '@gw/application';
import { cryptomusPyVerifier } from '@gw/families/testing';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { runPythonDriver } from '../../support/python-sdks';
import { storedPayment } from '../alpha/alpha-fixtures';
import { deliveriesOf, eventually, PaymentDriver } from '../notifier/support/notifier-harness';
import { startReceiver, type Receiver } from '../notifier/support/receiver';

type Outcome = { returned?: unknown; raised?: string; message?: string };

/**
 * pyCryptomusAPI's `test_wallet_webhook` (`POST /alpha/v1/test-webhook/wallet`) and
 * `resend_payment_webhook` (upstream's `POST /v2/payment/resend`) through the real SDK from PyPI.
 */
describe('pyCryptomusAPI test_wallet_webhook and resend_payment_webhook', () => {
  let gateway: TestGateway;
  let receiver: Receiver;
  let merchant: MerchantKeys;
  const run = (calls: Record<string, unknown[]>) =>
    runPythonDriver<Record<string, Outcome>>(path.join(__dirname, 'alpha-wallet-driver.py'), [
      gateway.baseUrl,
      merchant.merchantId,
      merchant.paymentKey,
      JSON.stringify(calls),
    ]);

  beforeAll(async () => {
    gateway = await startTestGateway();
    receiver = await startReceiver();
    merchant = await gateway.createMerchant('SDK webhooks');
  }, 600_000);

  afterAll(async () => {
    await receiver?.close();
    await gateway?.stop();
  });

  it('test_wallet_webhook sends a signed static-wallet top-up (type wallet) to url_callback', async () => {
    const wallet = '6a1f0c7e-2b3d-4c5e-8f90-a1b2c3d4e5f6';
    const results = await run({
      paid: [
        'pyCryptomusAPI',
        'test_wallet_webhook',
        { url_callback: `${receiver.url}/wallet`, currency: 'USDT', network: 'tron', wallet_uuid: wallet },
      ],
      'no url': [
        'pyCryptomusAPI',
        'test_wallet_webhook',
        { url_callback: '', currency: 'USDT', network: 'tron' },
      ],
    });
    expect(results.paid).toEqual({ returned: [] });
    await eventually(() => receiver.calls.length === 1);
    const [call] = receiver.calls;
    expect(call!.json).toMatchObject({
      type: 'wallet',
      wallet_address_uuid: wallet,
      status: 'paid',
      is_final: true,
      is_test: true,
      network: 'tron',
      payer_currency: 'USDT',
    });
    expect(cryptomusPyVerifier(call!.rawBody.toString('utf8'), merchant.paymentKey)).toBe(true);
    expect(results['no url']).toMatchObject({ raised: 'pyCryptomusAPIException' });
    expect(results['no url']?.message).toContain('url_callback');
  });

  it("resend_payment_webhook sends a final payment's latest webhook again, by uuid, order_id or txid", async () => {
    const driver = new PaymentDriver(gateway);
    const terms = await driver.open('alpha', merchant, `${receiver.url}/payment`);
    await driver.payInFull(terms);
    await driver.payOut(terms);
    const sent = () => receiver.calls.filter((call) => call.path.endsWith('/payment'));
    await eventually(async () => (await storedPayment(gateway, terms.uuid)).status === 'finished');
    await eventually(async () => (await deliveriesOf(gateway, terms.paymentId)).length === 2);
    await eventually(() => sent().length === 2);
    const txid = (await storedPayment(gateway, terms.uuid)).deposits[0]!.txHash;
    const results = await run({
      'by uuid': ['pyCryptomusAPI', 'resend_payment_webhook', { invoice_uuid: terms.uuid }],
      'by order_id': ['pyCryptomusAPI', 'resend_payment_webhook', { order_id: terms.orderId }],
      'by txid': ['pyCryptomusAPI', 'resend_payment_webhook', { txid }],
      unknown: ['pyCryptomusAPI', 'resend_payment_webhook', { txid: 'no-such-transaction' }],
    });
    expect(results['by uuid']).toEqual({ returned: [] });
    expect(results['by order_id']).toEqual({ returned: [] });
    expect(results['by txid']).toEqual({ returned: [] });
    expect(results.unknown).toEqual({ raised: 'pyCryptomusAPIException', message: 'Payment not found' });
    await eventually(() => sent().length === 5);
    expect(sent()[4]!.rawBody.equals(sent()[1]!.rawBody)).toBe(true);
  });
});
