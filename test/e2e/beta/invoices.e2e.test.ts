import { validatorFor } from '@gw/contracts';
import { betaCreatedInvoiceSchema, betaErrorSchema, betaSuccess } from '@gw/contracts/api/beta';
import type { PaymentTerms } from '@gw/domain';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { newMerchant, readyMerchant } from '../alpha/alpha-fixtures';
import { BetaClient } from './beta-client';

const matchesInvoice = validatorFor(betaSuccess('invoice', betaCreatedInvoiceSchema));
const matchesError = validatorFor(betaErrorSchema);

describe('POST /beta/v1/payment/invoice', () => {
  let gateway: TestGateway;
  let client: BetaClient;

  const termsOf = async (trackId: string): Promise<PaymentTerms> => {
    const [created] = await gateway.gateway.ctx.eventStore.readStream(`payment-${trackId}`);
    if (!created) throw new Error(`no payment ${trackId}`);
    return created.data as unknown as PaymentTerms;
  };

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new BetaClient(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('creates an invoice and answers in the full envelope', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await client.send('POST', '/payment/invoice', { body: { amount: 20, currency: 'USD' } });
    expect(answer.status).toBe(200);
    expect(matchesInvoice(answer.body)).toBe(true);
    expect(answer.body).toMatchObject({
      message: 'Operation completed successfully!',
      error: {},
      status: 200,
      version: '1.0.0',
    });
    const invoice = answer.body.data;
    expect(invoice.track_id).toMatch(/^\d+$/);
    expect(invoice.date - before).toBeGreaterThanOrEqual(-1);
    expect(invoice.expired_at - invoice.date).toBe(3600);

    const terms = await termsOf(invoice.track_id);
    expect(invoice.payment_url).toBe(`${gateway.gateway.config.baseUrl}/pay/${terms.uuid}`);
    expect(terms).toMatchObject({
      family: 'beta',
      merchantId: gateway.demoMerchant.merchantId,
      priceAmount: '20',
      priceCurrency: 'usd',
      payCurrency: 'usdttrc20',
      sandboxCase: null,
    });
  });

  it('honours every field', async () => {
    const invoice = await client.createInvoice({
      amount: 100,
      currency: 'USDT',
      lifetime: 30,
      fee_paid_by_payer: 1,
      under_paid_coverage: 2.5,
      to_currency: 'USDT',
      auto_withdrawal: false,
      mixed_payment: true,
      callback_url: 'https://shop.example/oxapay/callback',
      return_url: 'https://shop.example/thanks',
      email: 'buyer@shop.example',
      order_id: 'ORD-77',
      thanks_message: 'Thank you!',
      description: 'Two mugs',
      sandbox: false,
    });
    expect(invoice.expired_at - invoice.date).toBe(30 * 60);
    expect(await termsOf(invoice.track_id)).toMatchObject({
      priceAmount: '100',
      priceCurrency: 'usdttrc20',
      payCurrency: 'usdttrc20',
      payAmount: '101',
      underpaidTolerancePercent: '2.5',
      isFeePaidByUser: true,
      callbackUrl: 'https://shop.example/oxapay/callback',
      redirectUrls: { return: 'https://shop.example/thanks', success: 'https://shop.example/thanks' },
      orderId: 'ORD-77',
      orderDescription: 'Two mugs',
      beta: {
        lifetimeMinutes: 30,
        feePaidByPayer: true,
        toCurrency: 'USDT',
        email: 'buyer@shop.example',
        thanksMessage: 'Thank you!',
        description: 'Two mugs',
      },
    });
  });

  it("accepts the WooCommerce plugin's string-typed fields and its origin header", async () => {
    const answer = await client.send('POST', '/payment/invoice', {
      headers: { origin: 'oxa-wp-woo-plugin-v-1.0.0' },
      body: {
        amount: '10.00',
        currency: 'EUR',
        lifetime: 60,
        fee_paid_by_payer: '0',
        under_paid_coverage: '5',
        mixed_payment: '1',
        sandbox: '0',
        order_id: '1234',
        callback_url: 'https://shop.example/?wc-api=oxapay_callback',
        return_url: 'https://shop.example/checkout/order-received/1234/?key=wc_order_abc',
        email: 'buyer@shop.example',
        description: 'Order #1234',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe(200);
    expect(await termsOf(answer.body.data.track_id)).toMatchObject({
      priceAmount: '10',
      priceCurrency: 'eur',
      underpaidTolerancePercent: '5',
      isFeePaidByUser: false,
      orderId: '1234',
    });
  });

  it('accepts the PHP SDK, which always sends sandbox and its origin header', async () => {
    const answer = await client.send('POST', '/payment/invoice', {
      headers: { origin: 'oxa-php-sdk-v-1.0.0' },
      body: { amount: 15.5, currency: 'USD', sandbox: false },
    });
    expect(answer.status).toBe(200);
  });

  it('pays a crypto-priced invoice in that coin', async () => {
    const invoice = await client.createInvoice({ amount: '0.01', currency: 'BTC' });
    expect(await termsOf(invoice.track_id)).toMatchObject({ payCurrency: 'btc', payAmount: '0.01' });
  });

  it('opens a fiat invoice in the first coin a merchant enabled', async () => {
    const ltcOnly = new BetaClient(gateway.baseUrl, await newMerchant(gateway, 'LTC only', ['ltc']));
    const invoice = await ltcOnly.createInvoice({ amount: 30, currency: 'USD' });
    expect((await termsOf(invoice.track_id)).payCurrency).toBe('ltc');
    const refused = await ltcOnly.send('POST', '/payment/invoice', { body: { amount: 1, currency: 'BTC' } });
    expect(refused.body.error).toEqual({
      type: 'validation_error',
      key: 'currency',
      message: 'The currency BTC is not enabled for this merchant.',
    });
  });

  it.each([
    [{}, 'amount', 'The amount field is required.'],
    [{ amount: 10 }, 'currency', 'The currency field is required.'],
    [{ amount: 'ten', currency: 'USD' }, 'amount', 'The amount field must be a number.'],
    [{ amount: 0, currency: 'USD' }, 'amount', 'The amount field must be greater than 0.'],
    [
      { amount: '0.5', currency: 'USD' },
      'amount',
      expect.stringMatching(/^The amount is below the minimum payment of [\d.]+ USDT\.$/),
    ],
    [{ amount: 10, currency: 'XYZ' }, 'currency', 'The selected currency is invalid.'],
    [{ amount: 10, currency: 'USD', lifetime: 'long' }, 'lifetime', 'The lifetime field must be an integer.'],
    [{ amount: 10, currency: 'USD', lifetime: 14 }, 'lifetime', 'The lifetime field must be at least 15.'],
    [
      { amount: 10, currency: 'USD', lifetime: '2881' },
      'lifetime',
      'The lifetime field must not be greater than 2880.',
    ],
    [
      { amount: 10, currency: 'USD', fee_paid_by_payer: 2 },
      'fee_paid_by_payer',
      'The selected fee paid by payer is invalid.',
    ],
    [
      { amount: 10, currency: 'USD', under_paid_coverage: 61 },
      'under_paid_coverage',
      'The under paid coverage field must not be greater than 60.',
    ],
    [
      { amount: 10, currency: 'USD', under_paid_coverage: '-1' },
      'under_paid_coverage',
      'The under paid coverage field must be at least 0.',
    ],
    [
      { amount: 10, currency: 'USD', to_currency: 'EUR' },
      'to_currency',
      'The selected to currency is invalid.',
    ],
    [
      { amount: 10, currency: 'USD', callback_url: 'shop.example' },
      'callback_url',
      'The callback url field must be a valid URL.',
    ],
    [
      { amount: 10, currency: 'USD', return_url: 'mailto:x@y.z' },
      'return_url',
      'The return url field must be a valid URL.',
    ],
    [
      { amount: 10, currency: 'USD', email: 'not-an-email' },
      'email',
      'The email field must be a valid email address.',
    ],
    [
      { amount: 10, currency: 'USD', order_id: 'o'.repeat(129) },
      'order_id',
      'The order id field must not be greater than 128 characters.',
    ],
    [
      { amount: 10, currency: 'USD', thanks_message: 't'.repeat(256) },
      'thanks_message',
      'The thanks message field must not be greater than 255 characters.',
    ],
    [
      { amount: 10, currency: 'USD', description: ['a'] },
      'description',
      'The description field must be a string.',
    ],
    [
      { amount: 10, currency: 'USD', sandbox: 'maybe' },
      'sandbox',
      'The sandbox field must be true or false.',
    ],
  ])('%j → 400 %s: %s', async (body, key, message) => {
    const answer = await client.send('POST', '/payment/invoice', { body });
    expect(answer.status).toBe(400);
    expect(matchesError(answer.body)).toBe(true);
    expect(answer.body).toEqual({
      data: {},
      message: 'Validation failed.',
      error: { type: 'validation_error', key, message },
      status: 400,
      version: '1.0.0',
    });
  });

  it('refuses a sandbox invoice when the sandbox is disabled', async () => {
    const production = await startTestGateway({ env: { SANDBOX_ENABLED: 'false' } });
    await readyMerchant(production, production.demoMerchant);
    try {
      const answer = await new BetaClient(production.baseUrl, production.demoMerchant).send(
        'POST',
        '/payment/invoice',
        { body: { amount: 10, currency: 'USD', sandbox: true } },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ type: 'validation_error', key: 'sandbox' });
    } finally {
      await production.stop();
    }
  });

  it('replays the first answer for a retry with the same Idempotency-Key, and refuses it with another body', async () => {
    const headers = { 'idempotency-key': 'beta-retry-1' };
    const first = await client.send('POST', '/payment/invoice', {
      headers,
      body: { amount: 26, currency: 'USD' },
    });
    const retry = await client.send('POST', '/payment/invoice', {
      headers,
      body: { amount: 26, currency: 'USD' },
    });
    expect(retry).toEqual(first);
    const other = await client.send('POST', '/payment/invoice', {
      headers,
      body: { amount: 27, currency: 'USD' },
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ status: 409, version: '1.0.0', error: { key: 'Idempotency-Key' } });
  });

  describe('credentials', () => {
    it.each([
      ['a missing key', null, 'The merchant_api_key header is required.'],
      ['an empty key', '', 'The merchant_api_key header is required.'],
      ['an unknown key', 'not-a-real-key', 'Invalid merchant API key.'],
    ])('refuses %s with 401 in the envelope', async (_case, apiKey, message) => {
      const answer = await client.send('POST', '/payment/invoice', {
        apiKey,
        body: { amount: 10, currency: 'USD' },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        data: {},
        message: 'Authentication failed.',
        error: { type: 'authentication_error', key: 'merchant_api_key', message },
        status: 401,
        version: '1.0.0',
      });
    });

    it('refuses the family A payment key and the V1 key in place of the family B key', async () => {
      for (const apiKey of [gateway.demoMerchant.paymentKey, gateway.demoMerchant.apiKey]) {
        expect((await client.send('GET', '/payment', { apiKey })).status).toBe(401);
      }
    });
  });

  describe('transport errors stay in the envelope', () => {
    it('answers malformed JSON with 400', async () => {
      const answer = await client.send('POST', '/payment/invoice', { body: '{"amount": 10,' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        status: 400,
        version: '1.0.0',
        error: { type: 'validation_error', key: 'body' },
      });
    });

    it('answers a form-encoded body with 415', async () => {
      const answer = await client.send('POST', '/payment/invoice', {
        body: 'amount=10',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ status: 415, version: '1.0.0' });
    });

    it('answers unknown endpoints with 404', async () => {
      const answer = await client.send('GET', '/payment/white-label');
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        data: {},
        status: 404,
        version: '1.0.0',
        error: { type: 'not_found', key: 'endpoint' },
      });
    });
  });
});
