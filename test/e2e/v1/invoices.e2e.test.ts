import { validatorFor } from '@gw/contracts';
import { invoicePaymentSchema, invoiceRecordSchema } from '@gw/contracts/api/v1';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { eventually, expectV1Error, ISO_MILLIS, V1Client, newMerchantClient, readyClient } from './v1-client';

function expectSchema(schema: object, body: unknown): void {
  const validate = validatorFor(schema);
  validate(body);
  expect(validate.errors ?? []).toEqual([]);
}

const BASE_URL = 'https://pay.example.com';

describe('V1 invoices', () => {
  let gateway: TestGateway;
  let client: V1Client;
  let other: V1Client;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { BASE_URL } });
    client = await readyClient(gateway);
    other = await newMerchantClient(gateway, 'other');
  });

  afterAll(() => gateway.stop());

  /** Invoices are read from the read model; waits until this one is there (no payment yet). */
  const readableInvoice = (invoiceId: string, as: V1Client = client) =>
    eventually(async () => {
      const answer = await as.get(`/v1/invoice-payment?invoiceId=${invoiceId}`);
      expect(answer.status).toBe(200);
      return answer;
    });

  describe('POST /v1/invoice', () => {
    it('creates an invoice with its hosted page under the base URL', async () => {
      const answer = await client.post('/v1/invoice', {
        price_amount: 1000,
        price_currency: 'usd',
        order_id: 'RGDBP-21314',
        order_description: 'Apple Macbook Pro 2019 x 1',
        ipn_callback_url: 'https://nowpayments.io',
        success_url: 'https://nowpayments.io/success',
        cancel_url: 'https://nowpayments.io/cancel',
      });
      expect(answer.status).toBe(201);
      expectSchema(invoiceRecordSchema, answer.body);
      expect(answer.body).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        token_id: expect.any(String),
        order_id: 'RGDBP-21314',
        order_description: 'Apple Macbook Pro 2019 x 1',
        price_amount: '1000',
        price_currency: 'usd',
        pay_currency: null,
        ipn_callback_url: 'https://nowpayments.io',
        success_url: 'https://nowpayments.io/success',
        cancel_url: 'https://nowpayments.io/cancel',
        partially_paid_url: null,
        is_fixed_rate: false,
        is_fee_paid_by_user: false,
        collect_user_data: false,
        created_at: expect.stringMatching(ISO_MILLIS),
        updated_at: expect.stringMatching(ISO_MILLIS),
      });
      expect(answer.body.invoice_url).toBe(`${BASE_URL}/invoice/${answer.body.id}`);
      const events = await gateway.gateway.ctx.eventStore.readStream(`invoice-${answer.body.id}`);
      expect(events.map((e) => e.type)).toEqual(['InvoiceCreated']);
    });

    it('keeps a decimal price as a string and honours the optional fields', async () => {
      const invoice = await client.createInvoice({
        price_amount: '49.90',
        price_currency: 'EUR',
        pay_currency: 'usdttrc20',
        partially_paid_url: 'https://shop.example/partial',
        is_fixed_rate: 'True',
        is_fee_paid_by_user: 1,
        collect_user_data: true,
        customer_email: 'buyer@example.com',
      });
      expect(invoice).toMatchObject({
        price_amount: '49.9',
        price_currency: 'eur',
        pay_currency: 'usdttrc20',
        partially_paid_url: 'https://shop.example/partial',
        is_fixed_rate: true,
        is_fee_paid_by_user: true,
        collect_user_data: true,
        customer_email: 'buyer@example.com',
      });
    });

    it('accepts form-encoded bodies', async () => {
      const answer = await client.call('POST', '/v1/invoice', {
        form: { price_amount: '15', price_currency: 'usd' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.price_amount).toBe('15');
    });

    it.each([
      [{ price_currency: 'usd' }, 'price_amount is required'],
      [{ price_amount: 10 }, 'price_currency is required'],
      [{ price_amount: 0, price_currency: 'usd' }, 'price_amount must be a positive number'],
      [{ price_amount: '-3', price_currency: 'usd' }, 'price_amount must be a positive number'],
      [{ price_amount: 10, price_currency: 'nope' }, 'price_currency "nope" is not a supported currency'],
      [
        { price_amount: 100, price_currency: 'usd', pay_currency: 'nope' },
        'pay_currency "nope" is not a supported currency',
      ],
      [
        { price_amount: 100, price_currency: 'usd', pay_currency: 'eur' },
        'pay_currency "eur" is not a crypto currency',
      ],
      [
        { price_amount: 100, price_currency: 'usd', success_url: 'ftp://x' },
        'success_url must be an absolute http(s) URL of at most 2048 characters',
      ],
      [
        { price_amount: 100, price_currency: 'usd', cancel_url: 'nope' },
        'cancel_url must be an absolute http(s) URL of at most 2048 characters',
      ],
      [
        { price_amount: 100, price_currency: 'usd', ipn_callback_url: 5 },
        'ipn_callback_url must be an absolute http(s) URL of at most 2048 characters',
      ],
      [
        { price_amount: 100, price_currency: 'usd', partially_paid_url: 'x' },
        'partially_paid_url must be an absolute http(s) URL of at most 2048 characters',
      ],
      [
        { price_amount: 100, price_currency: 'usd', order_id: 'o'.repeat(256) },
        'order_id must be a string of at most 255 characters',
      ],
      [
        { price_amount: 100, price_currency: 'usd', customer_email: 'not-an-email' },
        'customer_email must be an e-mail address',
      ],
      [
        { price_amount: 100, price_currency: 'usd', is_fixed_rate: 'maybe' },
        'is_fixed_rate must be a boolean (true or false)',
      ],
      [{ price_amount: 0.5, price_currency: 'usd', pay_currency: 'btc' }, /^amountTo is too small/],
    ])('refuses %j', async (body, message) => {
      expectV1Error(await client.post('/v1/invoice', body), 400, 'INVALID_REQUEST_PARAMS', message);
    });
  });

  describe('GET /v1/invoice-payment', () => {
    it('says so when the invoice has no payment yet', async () => {
      const invoice = await client.createInvoice();
      const answer = await readableInvoice(invoice.id);
      expect(answer.body).toEqual({ message: expect.stringContaining('No payment has been created') });
    });

    it('returns the latest payment of the invoice with purchase_id as a string', async () => {
      const invoice = await client.createInvoice({
        order_id: 'INV-ORDER',
        order_description: 'invoice order',
      });
      await readableInvoice(invoice.id);
      const first = await client.post('/v1/invoice-payment', { iid: invoice.id, pay_currency: 'btc' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        payment_status: 'waiting',
        pay_currency: 'btc',
        price_amount: 250,
        price_currency: 'usd',
        order_id: 'INV-ORDER',
      });
      const second = await client.post('/v1/invoice-payment', {
        iid: invoice.id,
        pay_currency: 'ltc',
        purchase_id: 55,
      });
      expect(second.status).toBe(201);
      const latest = await eventually(async () => {
        const answer = await client.get(`/v1/invoice-payment?invoiceId=${invoice.id}`);
        expect(answer.body.payment_id).toBe(second.body.payment_id);
        return answer.body;
      });
      expectSchema(invoicePaymentSchema, latest);
      expect(latest).toMatchObject({
        payment_status: 'waiting',
        pay_address: second.body.pay_address,
        price_amount: 250,
        price_currency: 'usd',
        pay_amount: second.body.pay_amount,
        actually_paid: 0,
        pay_currency: 'ltc',
        order_id: 'INV-ORDER',
        order_description: 'invoice order',
        purchase_id: '55',
        outcome_amount: 0,
        outcome_currency: 'ltc',
        created_at: second.body.created_at,
      });
      for (const field of [
        'invoice_id',
        'payin_extra_id',
        'payin_hash',
        'payout_hash',
        'burning_percent',
        'type',
      ]) {
        expect(latest).not.toHaveProperty(field);
      }
      const events = await gateway.gateway.ctx.eventStore.readStream(`invoice-${invoice.id}`);
      expect(events.map((e) => e.type)).toEqual([
        'InvoiceCreated',
        'InvoicePaymentStarted',
        'InvoicePaymentStarted',
      ]);
      const listed = await client.get(`/v1/payment/?invoiceId=${invoice.id}&limit=500`);
      expect(listed.body.data.map((p: { payment_id: number }) => p.payment_id).sort()).toEqual(
        [first.body.payment_id, second.body.payment_id].sort(),
      );
      expect(listed.body.data.every((p: { invoice_id: string }) => p.invoice_id === invoice.id)).toBe(true);
    });

    it('requires invoiceId', async () => {
      expectV1Error(
        await client.get('/v1/invoice-payment'),
        400,
        'INVALID_REQUEST_PARAMS',
        'invoiceId is required',
      );
    });

    it('answers 404 for an unknown invoice', async () => {
      expectV1Error(
        await client.get('/v1/invoice-payment?invoiceId=00000000-0000-4000-8000-000000000000'),
        404,
        'NOT_FOUND',
      );
    });

    it("answers 404 for another merchant's invoice, and refuses to pay it", async () => {
      const theirs = await other.createInvoice();
      await readableInvoice(theirs.id, other);
      expectV1Error(await client.get(`/v1/invoice-payment?invoiceId=${theirs.id}`), 404, 'NOT_FOUND');
      expectV1Error(
        await client.post('/v1/invoice-payment', { iid: theirs.id, pay_currency: 'btc' }),
        404,
        'NOT_FOUND',
      );
    });
  });
});
