import { validatorFor } from '@gw/contracts';
import { createdPaymentSchema, estimateUpdateSchema, paymentRecordSchema } from '@gw/contracts/api/v1';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { expectV1Error, ISO_MILLIS, V1Client, newMerchantClient, readyClient } from './v1-client';

function expectSchema(schema: object, body: unknown): void {
  const validate = validatorFor(schema);
  validate(body);
  expect(validate.errors ?? []).toEqual([]);
}

const BASE = { price_amount: 100, price_currency: 'usd', pay_currency: 'btc' };

describe('V1 payments', () => {
  let gateway: TestGateway;
  let client: V1Client;
  let other: V1Client;

  beforeAll(async () => {
    gateway = await startTestGateway();
    client = await readyClient(gateway);
    other = await newMerchantClient(gateway, 'other');
  });

  afterAll(() => gateway.stop());

  describe('POST /v1/payment', () => {
    it('creates a waiting payment with exactly the create-response fields and types', async () => {
      const answer = await client.post('/v1/payment', {
        ...BASE,
        order_id: 'ORDER-1',
        order_description: 'Apple Macbook Pro 2019 x 1',
        ipn_callback_url: 'https://nowpayments.io',
      });
      expect(answer.status).toBe(201);
      expectSchema(createdPaymentSchema, answer.body);
      expect(answer.body).toMatchObject({
        payment_id: expect.any(Number),
        purchase_id: expect.any(Number),
        payment_status: 'waiting',
        pay_address: expect.stringMatching(/^bc1/),
        pay_amount: expect.any(Number),
        price_amount: 100,
        price_currency: 'usd',
        pay_currency: 'btc',
        order_id: 'ORDER-1',
        order_description: 'Apple Macbook Pro 2019 x 1',
        ipn_callback_url: 'https://nowpayments.io',
        burning_percent: 'null',
        type: 'crypto2crypto',
        created_at: expect.stringMatching(ISO_MILLIS),
        updated_at: expect.stringMatching(ISO_MILLIS),
      });
      expect(Number.isSafeInteger(answer.body.payment_id)).toBe(true);
      const estimate = await client.get('/v1/estimate?amount=100&currency_from=usd&currency_to=btc');
      expect(answer.body.pay_amount).toBeCloseTo(Number(estimate.body.estimated_amount), 6);
    });

    it('expires after the configured lifetime (24 h by default)', async () => {
      const created = await client.createPayment();
      expect(Date.parse(created.expiration_estimate_date) - Date.parse(created.created_at)).toBe(
        24 * 60 * 60 * 1000,
      );
    });

    it('records the payment it answered with', async () => {
      const created = await client.createPayment({ order_id: 'recorded' });
      const events = await gateway.gateway.ctx.eventStore.readStream(`payment-${created.payment_id}`);
      expect(events.map((e) => e.type)).toEqual(['PaymentCreated']);
      expect(events[0]?.data).toMatchObject({
        paymentId: created.payment_id,
        payAddress: created.pay_address,
        orderId: 'recorded',
        family: 'v1',
      });
    });

    it('accepts JSON with a charset parameter, as the official SDK sends it', async () => {
      const answer = await client.call('POST', '/v1/payment', {
        raw: JSON.stringify(BASE),
        headers: { 'content-type': 'application/json;charset=utf-8' },
      });
      expect(answer.status).toBe(201);
    });

    it('accepts form-encoded bodies with numbers and flags as text', async () => {
      const answer = await client.call('POST', '/v1/payment', {
        form: {
          price_amount: '49.90',
          price_currency: 'eur',
          pay_currency: 'ltc',
          is_fixed_rate: 'True',
          order_id: 'F-1',
        },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        price_amount: 49.9,
        price_currency: 'eur',
        pay_currency: 'ltc',
        is_fixed_rate: true,
        order_id: 'F-1',
      });
    });

    it('accepts numeric strings and every boolean spelling', async () => {
      for (const flag of [true, 'true', 'True', 1, '1']) {
        const answer = await client.post('/v1/payment', {
          ...BASE,
          price_amount: '10.00',
          is_fixed_rate: flag,
        });
        expect({ flag, status: answer.status, fixed: answer.body.is_fixed_rate }).toEqual({
          flag,
          status: 201,
          fixed: true,
        });
      }
      for (const flag of [false, 'false', 'False', 0, '0']) {
        const answer = await client.post('/v1/payment', { ...BASE, is_fixed_rate: flag });
        expect({ flag, status: answer.status, fixed: answer.body.is_fixed_rate }).toEqual({
          flag,
          status: 201,
          fixed: false,
        });
      }
    });

    it('takes fixed_rate as the old name of is_fixed_rate, and fee-paid-by-user as fixed', async () => {
      expect((await client.createPayment({ fixed_rate: true })).is_fixed_rate).toBe(true);
      expect(await client.createPayment({ is_fee_paid_by_user: 'true' })).toMatchObject({
        is_fixed_rate: true,
        is_fee_paid_by_user: true,
      });
    });

    it('honours pay_amount and purchase_id set by the merchant', async () => {
      const created = await client.createPayment({ pay_amount: '0.0025', purchase_id: '123456789' });
      expect(created).toMatchObject({ pay_amount: 0.0025, purchase_id: 123456789 });
    });

    it('accepts a valid payout address and refuses an invalid one', async () => {
      await expect(
        client.createPayment({
          payout_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          payout_currency: 'btc',
        }),
      ).resolves.toMatchObject({
        payment_status: 'waiting',
      });
      const bad = await client.post('/v1/payment', {
        ...BASE,
        payout_address: '0xnot-an-address',
        payout_currency: 'eth',
      });
      expectV1Error(bad, 400, 'INVALID_REQUEST_PARAMS', /^payout_address is not a valid .* address for eth$/);
    });

    it.each([
      [{ price_currency: 'usd', pay_currency: 'btc' }, 'price_amount is required'],
      [{ price_amount: 100, pay_currency: 'btc' }, 'price_currency is required'],
      [{ price_amount: 100, price_currency: 'usd' }, 'pay_currency is required'],
      [{ ...BASE, price_amount: 0 }, 'price_amount must be a positive number'],
      [{ ...BASE, price_amount: -10 }, 'price_amount must be a positive number'],
      [{ ...BASE, price_amount: 'lots' }, 'price_amount must be a positive number'],
      [{ ...BASE, pay_amount: -1 }, 'pay_amount must be a positive number'],
      [
        { ...BASE, price_currency: 'us dollars' },
        'price_currency must be a currency code such as "btc" or "usd"',
      ],
      [{ ...BASE, pay_currency: 42 }, 'pay_currency must be a currency code such as "btc" or "usd"'],
      [
        { ...BASE, ipn_callback_url: 'not a url' },
        'ipn_callback_url must be an absolute http(s) URL of at most 2048 characters',
      ],
      [{ ...BASE, order_id: 'o'.repeat(256) }, 'order_id must be a string of at most 255 characters'],
      [
        { ...BASE, order_description: { text: 'x' } },
        'order_description must be a string of at most 2048 characters',
      ],
      [{ ...BASE, purchase_id: 'abc' }, 'purchase_id must be a positive integer'],
      [{ ...BASE, is_fixed_rate: 'sometimes' }, 'is_fixed_rate must be a boolean (true or false)'],
      [{ ...BASE, fixed_rate: 2 }, 'fixed_rate must be a boolean (true or false)'],
      [{ ...BASE, is_fee_paid_by_user: 'no' }, 'is_fee_paid_by_user must be a boolean (true or false)'],
      [{ ...BASE, case: 'lucky' }, 'case must be one of success, partially_paid, fail'],
      [{ ...BASE, pay_currency: 'nosuchcoin' }, 'pay_currency "nosuchcoin" is not a supported currency'],
      [{ ...BASE, price_currency: 'xxx' }, 'price_currency "xxx" is not a supported currency'],
      [{ ...BASE, pay_currency: 'usd' }, 'pay_currency "usd" is not a crypto currency'],
      [
        { ...BASE, payout_currency: 'nosuchcoin', payout_address: 'x' },
        'payout_currency "nosuchcoin" is not a supported currency',
      ],
      [{ ...BASE, payout_extra_id: '123' }, 'payout_extra_id needs payout_address'],
    ])('refuses %j: %s', async (body, message) => {
      expectV1Error(await client.post('/v1/payment', body), 400, 'INVALID_REQUEST_PARAMS', message);
    });

    it('refuses a price below the minimum payment, in upstream words', async () => {
      const answer = await client.post('/v1/payment', { ...BASE, price_amount: 0.5 });
      expectV1Error(answer, 400, 'INVALID_REQUEST_PARAMS', /^amountTo is too small/);
    });
  });

  describe('GET /v1/payment/{payment_id}', () => {
    it('returns the full payment record', async () => {
      const created = await client.createPayment({ order_id: 'READ-1', order_description: 'read me' });
      const payment = await client.readablePayment(created.payment_id);
      expectSchema(paymentRecordSchema, payment);
      expect(payment).toEqual({
        payment_id: created.payment_id,
        invoice_id: null,
        payment_status: 'waiting',
        pay_address: created.pay_address,
        payin_extra_id: null,
        price_amount: 100,
        price_currency: 'usd',
        pay_amount: created.pay_amount,
        actually_paid: 0,
        pay_currency: 'btc',
        order_id: 'READ-1',
        order_description: 'read me',
        purchase_id: created.purchase_id,
        outcome_amount: 0,
        outcome_currency: 'btc',
        payin_hash: null,
        payout_hash: null,
        burning_percent: 'null',
        type: 'crypto2crypto',
        parent_payment_id: null,
        origin_type: null,
        payment_extra_ids: null,
        // No wallet for btc: the sandbox chain takes it.
        is_test: true,
        created_at: created.created_at,
        updated_at: created.updated_at,
      });
    });

    it('refuses a non-numeric id with upstream words', async () => {
      for (const id of ['abc', '12abc', '-5', '1.5']) {
        expectV1Error(
          await client.get(`/v1/payment/${id}`),
          400,
          'INVALID_REQUEST_PARAMS',
          'Payment id must be a number',
        );
      }
    });

    it('answers 404 for an unknown id', async () => {
      expectV1Error(await client.get('/v1/payment/1234567890'), 404, 'NOT_FOUND');
    });

    it('looks up a 16-digit id (ids reach 16 digits in 2031, a repeated payment has them now) instead of refusing it', async () => {
      expectV1Error(await client.get('/v1/payment/4879895813386008'), 404, 'NOT_FOUND');
      expectV1Error(await client.get(`/v1/payment/${Number.MAX_SAFE_INTEGER}`), 404, 'NOT_FOUND');
    });

    it("answers 404 for another merchant's payment", async () => {
      const theirs = await other.createPayment();
      await other.readablePayment(theirs.payment_id);
      expectV1Error(await client.get(`/v1/payment/${theirs.payment_id}`), 404, 'NOT_FOUND');
    });
  });

  describe('POST /v1/payment/{id}/update-merchant-estimate', () => {
    it('recalculates a waiting payment and reports the new estimate', async () => {
      const created = await client.createPayment();
      await client.readablePayment(created.payment_id);
      const answer = await client.call('POST', `/v1/payment/${created.payment_id}/update-merchant-estimate`);
      expect(answer.status).toBe(200);
      expectSchema(estimateUpdateSchema, answer.body);
      expect(answer.body).toMatchObject({
        id: created.payment_id,
        token_id: expect.any(String),
        pay_amount: created.pay_amount,
      });
      expect(Date.parse(answer.body.expiration_estimate_date)).toBeGreaterThanOrEqual(
        Date.parse(created.expiration_estimate_date),
      );
      const events = await gateway.gateway.ctx.eventStore.readStream(`payment-${created.payment_id}`);
      expect(events.map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentEstimateUpdated']);
    });

    it('refuses a payment that is no longer waiting', async () => {
      const created = await client.createPayment();
      await client.readablePayment(created.payment_id);
      const paid = await client.post(`/sandbox/v1/payments/${created.payment_id}/pay`, {});
      expect(paid.status).toBe(202);
      await client.paymentWhen(created.payment_id, (p) => p.payment_status !== 'waiting');
      const answer = await client.call('POST', `/v1/payment/${created.payment_id}/update-merchant-estimate`);
      expectV1Error(answer, 400, 'PAYMENT_NOT_WAITING');
    });

    it("answers 404 for an unknown or another merchant's payment, and 400 for a bad id", async () => {
      const theirs = await other.createPayment();
      await other.readablePayment(theirs.payment_id);
      expectV1Error(
        await client.call('POST', `/v1/payment/${theirs.payment_id}/update-merchant-estimate`),
        404,
        'NOT_FOUND',
      );
      expectV1Error(
        await client.call('POST', '/v1/payment/1234567890/update-merchant-estimate'),
        404,
        'NOT_FOUND',
      );
      expectV1Error(
        await client.call('POST', '/v1/payment/x1/update-merchant-estimate'),
        400,
        'INVALID_REQUEST_PARAMS',
        'Payment id must be a number',
      );
    });
  });
});
