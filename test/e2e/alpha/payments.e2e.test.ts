import { validatorFor } from '@gw/contracts';
import { alphaPaymentRecordSchema, alphaSuccess } from '@gw/contracts/api/alpha';
import { add, percentOf, roundDown, roundUp, subtract } from '@gw/domain';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient, upstreamSign, type AlphaPayment } from './alpha-client';
import { createdTerms, finalise, newMerchant, readyMerchant, storedPayment } from './alpha-fixtures';

const matchesRecord = validatorFor(alphaSuccess('payment', alphaPaymentRecordSchema));

describe('family A payments over HTTP', () => {
  let gateway: TestGateway;
  let client: AlphaClient;

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  describe('POST /payment', () => {
    it('opens a payment and answers {state: 0, result} in the upstream record shape', async () => {
      const before = Math.floor(Date.now() / 1000);
      const answer = await client.post<{ state: number; result: AlphaPayment }>('/payment', {
        amount: '20',
        currency: 'USD',
        order_id: 'first-order',
      });

      expect(answer.status).toBe(200);
      expect(matchesRecord(answer.body)).toBe(true);
      const payment = answer.body.result;
      expect(payment).toMatchObject({
        order_id: 'first-order',
        amount: '20.00000000',
        payment_amount: '0.00000000',
        currency: 'USD',
        payer_currency: 'USDT',
        network: 'tron',
        discount_percent: 0,
        discount: '0.00000000',
        from: null,
        txid: null,
        payment_status: 'waiting',
        status: 'process',
        is_final: false,
        additional_data: null,
        url: `${gateway.gateway.config.baseUrl}/pay/${payment.uuid}`,
      });
      expect(payment.payer_amount).toMatch(/^\d+\.\d{8}$/);
      expect(payment.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(payment.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      // The lifetime against the server's own clock, not ours: a busy machine may take seconds to answer.
      const createdAt = Date.parse(payment.created_at) / 1000;
      expect(payment.expired_at - createdAt).toBe(3600);
      expect(createdAt).toBeGreaterThanOrEqual(before);

      const stored = await storedPayment(gateway, payment.uuid);
      expect(stored).toMatchObject({
        family: 'alpha',
        merchantId: gateway.demoMerchant.merchantId,
        status: 'waiting',
        payCurrency: 'usdttrc20',
        priceCurrency: 'usd',
      });
      const terms = await createdTerms(gateway, stored.paymentId);
      expect(terms).toMatchObject({
        priceAmount: '20',
        orderId: 'first-order',
        isPaymentMultiple: true,
        underpaidTolerancePercent: '0',
      });
      expect(Date.parse(terms.expiresAt) - Date.parse(terms.createdAt)).toBe(3_600_000);
    });

    it('honours every body field', async () => {
      const rates = gateway.gateway.ctx.rates.current();
      const payment = await client.createPayment({
        amount: 150,
        currency: 'usd',
        order_id: 'every_field-1',
        to_currency: 'BTC',
        network: 'btc',
        lifetime: '900',
        subtract: 100,
        accuracy_payment_percent: '2.5',
        discount_percent: -5,
        is_payment_multiple: 'false',
        is_refresh: false,
        additional_data: 'customer #42',
        url_callback: 'https://shop.example/hooks/alpha',
        url_return: 'https://shop.example/cart',
        url_success: 'https://shop.example/thanks',
      });

      const btc = rates.findCryptoCurrency('btc');
      const converted = rates.payAmountFor('150', 'usd', 'btc');
      const surcharge = roundDown(percentOf(converted, '-5'), btc.decimals);
      const payerAmount = roundUp(add(subtract(converted, surcharge), btc.withdrawFee), btc.decimals);
      expect(payment).toMatchObject({
        amount: '150.00000000',
        currency: 'USD',
        payer_currency: 'BTC',
        network: 'btc',
        discount_percent: -5,
        discount: Number(surcharge).toFixed(8),
        payer_amount: Number(payerAmount).toFixed(8),
        merchant_amount: Number(payerAmount).toFixed(8),
        additional_data: 'customer #42',
      });
      expect(Number(payment.discount)).toBeLessThan(0);
      expect(payment.address).toMatch(/^bc1/);
      expect(payment.expired_at - Date.parse(payment.created_at) / 1000).toBe(900);

      const terms = await createdTerms(gateway, (await storedPayment(gateway, payment.uuid)).paymentId);
      expect(terms).toMatchObject({
        family: 'alpha',
        payCurrency: 'btc',
        payAmount: payerAmount,
        underpaidTolerancePercent: '2.5',
        isPaymentMultiple: false,
        callbackUrl: 'https://shop.example/hooks/alpha',
        redirectUrls: {
          success: 'https://shop.example/thanks',
          return: 'https://shop.example/cart',
          cancel: null,
          partiallyPaid: null,
        },
        alpha: {
          network: 'btc',
          discountPercent: -5,
          subtractPercent: '100',
          toCurrency: 'BTC',
          additionalData: 'customer #42',
          isRefresh: false,
        },
      });
    });

    it('applies a discount; without subtract the payer pays no network fee share', async () => {
      const payment = await client.createPayment({
        amount: '100.00',
        currency: 'USDT',
        network: 'bsc',
        discount_percent: 10,
      });
      expect(payment).toMatchObject({
        currency: 'USDT',
        payer_currency: 'USDT',
        network: 'bsc',
        payer_amount: '90.00000000',
        discount: '10.00000000',
        merchant_amount: '90.00000000',
      });
    });

    it('opens a crypto-priced payment in that coin on its default network', async () => {
      const payment = await client.createPayment({ amount: 25, currency: 'USDT' });
      expect(payment).toMatchObject({
        currency: 'USDT',
        payer_currency: 'USDT',
        network: 'tron',
        payer_amount: '25.00000000',
      });
    });

    it('returns the open payment for a repeated order_id instead of opening another', async () => {
      const first = await client.createPayment({ order_id: 'repeat-1', amount: '30' });
      const again = await client.createPayment({ order_id: 'repeat-1', amount: '999' });
      expect(again.uuid).toBe(first.uuid);
      expect(again.amount).toBe('30.00000000');
    });

    it('opens a single payment when the same order_id arrives many times at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => client.createPayment({ order_id: 'burst-1' })),
      );
      expect(new Set(answers.map((payment) => payment.uuid)).size).toBe(1);
    });

    it('keeps order_id unique per merchant, not across merchants', async () => {
      const other = new AlphaClient(gateway.baseUrl, await newMerchant(gateway, 'Other shop'));
      const mine = await client.createPayment({ order_id: 'shared-order' });
      const theirs = await other.createPayment({ order_id: 'shared-order' });
      expect(theirs.uuid).not.toBe(mine.uuid);
    });

    it('opens the order again with is_refresh once its payment expired: same terms, new address and lifetime', async () => {
      const first = await client.createPayment({ order_id: 'refresh-1', amount: '40', lifetime: 600 });
      await finalise(gateway, await storedPayment(gateway, first.uuid), 'expire');
      const expired = await client.paymentWhen(first.uuid, (payment) => payment.is_final);
      expect(expired).toMatchObject({ payment_status: 'expired', status: 'cancel', is_final: true });

      const refreshed = await client.createPayment({
        order_id: 'refresh-1',
        amount: '1',
        is_refresh: 'true',
      });
      expect(refreshed.uuid).not.toBe(first.uuid);
      expect(refreshed.address).not.toBe(first.address);
      expect(refreshed).toMatchObject({
        amount: '40.00000000',
        payer_amount: first.payer_amount,
        payment_status: 'waiting',
        is_final: false,
      });
      expect(refreshed.expired_at - Date.parse(refreshed.created_at) / 1000).toBe(600);
      const terms = await createdTerms(gateway, (await storedPayment(gateway, refreshed.uuid)).paymentId);
      expect(terms.alpha?.isRefresh).toBe(true);

      const info = await client.info({ order_id: 'refresh-1' });
      expect(info.body.result.uuid).toBe(refreshed.uuid);
      expect((await client.createPayment({ order_id: 'refresh-1' })).uuid).toBe(refreshed.uuid);
    });

    it('opens a new payment with the new terms for an order whose payment failed', async () => {
      const first = await client.createPayment({ order_id: 'after-fail', amount: '40' });
      await finalise(gateway, await storedPayment(gateway, first.uuid), 'fail');
      await client.paymentWhen(first.uuid, (payment) => payment.is_final);
      const second = await client.createPayment({ order_id: 'after-fail', amount: '45' });
      expect(second.uuid).not.toBe(first.uuid);
      expect(second.amount).toBe('45.00000000');
    });

    it.each([
      [{ amount: '0.01' }, /^Minimum amount is \d+(\.\d+)? USDT$/],
      [{ amount: '2000000' }, /^Maximum amount is \d+(\.\d+)? USDT$/],
      [{ amount: '100', discount_percent: 100 }, /^Minimum amount is/],
    ])('refuses a payer amount outside the coin limits: %j', async (fields, message) => {
      const answer = await client.post('/payment', { currency: 'USD', order_id: 'limits', ...fields });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ state: 1, message: expect.stringMatching(message) });
    });

    it.each([
      [{ currency: 'XYZ' }, { currency: ['validation.exists'] }],
      [{ to_currency: 'EUR' }, { to_currency: ['validation.exists'] }],
      [{ to_currency: 'NOPE' }, { to_currency: ['validation.exists'] }],
      [{ network: 'nowhere' }, { network: ['validation.exists'] }],
      [{ to_currency: 'BTC', network: 'tron' }, { network: ['validation.in'] }],
      [{ currency: 'USDT', network: 'btc' }, { network: ['validation.in'] }],
    ])('refuses currencies it cannot price: %j', async (fields, errors) => {
      const answer = await client.post('/payment', {
        amount: '20',
        currency: 'USD',
        order_id: 'bad-currency',
        ...fields,
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ state: 1, errors });
    });

    it('opens only in the coins a merchant enabled', async () => {
      const keys = await newMerchant(gateway, 'BTC only', ['btc']);
      const btcOnly = new AlphaClient(gateway.baseUrl, keys);
      const fiat = await btcOnly.createPayment({ amount: '50', currency: 'USD' });
      expect(fiat.payer_currency).toBe('BTC');
      const refused = await btcOnly.post('/payment', {
        amount: '50',
        currency: 'USD',
        order_id: 'usdt',
        to_currency: 'USDT',
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ state: 1, message: 'USDT on tron is not enabled for the merchant' });
    });
  });

  describe('Idempotency-Key on POST /payment', () => {
    it('replays the first answer for a retry and refuses the key with another body', async () => {
      const body = JSON.stringify({ amount: '22', currency: 'USD', order_id: 'idem-1' });
      const headers = { 'idempotency-key': 'alpha-retry-1' };
      const send = (text: string) =>
        fetch(`${gateway.baseUrl}/alpha/v1/payment`, {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            merchant: gateway.demoMerchant.merchantId,
            sign: upstreamSign(text, gateway.demoMerchant.paymentKey),
          },
          body: text,
        });
      const first = await send(body);
      const retry = await send(body);
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual(await first.json());

      const other = await send(JSON.stringify({ amount: '23', currency: 'USD', order_id: 'idem-2' }));
      expect(other.status).toBe(409);
      expect(await other.json()).toEqual({ state: 1, message: expect.stringContaining('Idempotency-Key') });
    });
  });

  describe('POST /payment/info', () => {
    let payment: AlphaPayment;

    beforeAll(async () => {
      payment = await client.createPayment({ order_id: 'info-1' });
    });

    it('finds a payment by uuid right after creation', async () => {
      const answer = await client.info({ uuid: payment.uuid });
      expect(answer.status).toBe(200);
      expect(matchesRecord(answer.body)).toBe(true);
      expect(answer.body.result).toEqual(payment);
    });

    it('finds a payment by order_id', async () => {
      const answer = await client.info({ order_id: 'info-1' });
      expect(answer.body.result.uuid).toBe(payment.uuid);
    });

    it('lets order_id win when both are given', async () => {
      const other = await client.createPayment({ order_id: 'info-2' });
      const answer = await client.info({ uuid: other.uuid, order_id: 'info-1' });
      expect(answer.body.result.uuid).toBe(payment.uuid);
    });

    it('answers 404 "Payment not found" for an unknown uuid or order_id', async () => {
      for (const query of [{ uuid: '00000000-0000-4000-8000-000000000000' }, { order_id: 'never-created' }]) {
        const answer = await client.info(query);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ state: 1, message: 'Payment not found' });
      }
    });

    it("never shows another merchant's payment, by uuid or by order_id", async () => {
      const stranger = new AlphaClient(gateway.baseUrl, await newMerchant(gateway, 'Stranger'));
      await storedPayment(gateway, payment.uuid);
      for (const query of [{ uuid: payment.uuid }, { order_id: 'info-1' }]) {
        const answer = await stranger.info(query);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ state: 1, message: 'Payment not found' });
      }
    });

    it('requires uuid or order_id', async () => {
      const answer = await client.info({});
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        state: 1,
        errors: { uuid: ['validation.required_without'], order_id: ['validation.required_without'] },
      });
    });

    it('shows a payment opened through family V1 in family A shape', async () => {
      const response = await fetch(`${gateway.baseUrl}/v1/payment`, {
        method: 'POST',
        headers: { 'x-api-key': gateway.demoMerchant.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          price_amount: 50,
          price_currency: 'usd',
          pay_currency: 'ltc',
          order_id: 'v1-order-7',
        }),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { payment_id: number; pay_address: string };
      const stored = await storedPayment(gateway, created.payment_id);

      const byUuid = await client.info({ uuid: stored.uuid });
      expect(byUuid.status).toBe(200);
      expect(matchesRecord(byUuid.body)).toBe(true);
      expect(byUuid.body.result).toMatchObject({
        order_id: 'v1-order-7',
        address: created.pay_address,
        payer_currency: 'LTC',
        currency: 'USD',
        status: 'process',
      });
      expect((await client.info({ order_id: 'v1-order-7' })).body.result.uuid).toBe(stored.uuid);
    });
  });
});
