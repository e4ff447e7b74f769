import { validatorFor } from '@gw/contracts';
import {
  currenciesSchema,
  estimateSchema,
  fullCurrenciesSchema,
  merchantCoinsSchema,
  minAmountSchema,
} from '@gw/contracts/api/v1';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { admin, eventually, expectV1Error, V1Client, readyClient } from './v1-client';

function expectSchema(schema: object, body: unknown): void {
  const validate = validatorFor(schema);
  validate(body);
  expect(validate.errors ?? []).toEqual([]);
}

describe('V1 status, currencies, estimates and minimums', () => {
  let gateway: TestGateway;
  let client: V1Client;

  beforeAll(async () => {
    gateway = await startTestGateway();
    client = await readyClient(gateway);
  });

  afterAll(() => gateway.stop());

  describe('GET /v1/status', () => {
    it('answers OK without a key, with an empty key and with any key', async () => {
      for (const apiKey of [null, '', 'not-a-key']) {
        const answer = await client.get('/v1/status', { apiKey });
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ message: 'OK' });
      }
    });
  });

  describe('GET /v1/currencies', () => {
    it('lists lowercase codes of payable currencies, without a key', async () => {
      const answer = await client.get('/v1/currencies', { apiKey: null });
      expect(answer.status).toBe(200);
      expectSchema(currenciesSchema, answer.body);
      expect(answer.body.currencies).toEqual(expect.arrayContaining(['btc', 'eth', 'usdttrc20', 'ltc']));
      expect(answer.body.currencies.length).toBeGreaterThanOrEqual(40);
    });

    it('accepts fixed_rate=true', async () => {
      const answer = await client.get('/v1/currencies?fixed_rate=true');
      expect(answer.status).toBe(200);
      expect(answer.body.currencies).toContain('btc');
    });

    it('refuses a fixed_rate that is not a boolean', async () => {
      expectV1Error(
        await client.get('/v1/currencies?fixed_rate=maybe'),
        400,
        'INVALID_REQUEST_PARAMS',
        'fixed_rate must be true or false',
      );
    });
  });

  describe('GET /v1/full-currencies', () => {
    it('describes every payable currency', async () => {
      const answer = await client.get('/v1/full-currencies', { apiKey: null });
      expect(answer.status).toBe(200);
      expectSchema(fullCurrenciesSchema, answer.body);
      const codes = (await client.get('/v1/currencies')).body.currencies;
      expect(answer.body.currencies.map((c: { code: string }) => c.code)).toEqual(codes);
      expect(answer.body.currencies.find((c: { code: string }) => c.code === 'usdttrc20')).toMatchObject({
        network: 'trx',
        is_stable: true,
        decimals: expect.any(Number),
        price_usd: expect.any(Number),
        image: expect.stringMatching(/^https?:\/\//),
      });
    });
  });

  describe('GET /v1/merchant/coins', () => {
    it('lists every coin for a merchant that has not restricted them', async () => {
      const answer = await client.get('/v1/merchant/coins');
      expect(answer.status).toBe(200);
      expectSchema(merchantCoinsSchema, answer.body);
      expect(answer.body.selectedCurrencies.length).toBe(
        (await client.get('/v1/currencies')).body.currencies.length,
      );
    });

    it("lists only the merchant's enabled coins once it restricts them", async () => {
      const merchant = await gateway.createMerchant('coins');
      const own = new V1Client(gateway, merchant.apiKey);
      const set = await admin(gateway, 'PUT', `/merchants/${merchant.merchantId}/coins`, {
        enabled_coins: ['btc', 'usdttrc20'],
      });
      expect(set.status).toBe(200);
      const coins = await eventually(async () => {
        const answer = await own.get('/v1/merchant/coins');
        expect(answer.body.selectedCurrencies.map((c: { code: string }) => c.code)).toEqual([
          'btc',
          'usdttrc20',
        ]);
        return answer.body.selectedCurrencies;
      });
      expect(coins[0]).toMatchObject({
        code: 'btc',
        name: expect.any(String),
        blockchain: expect.any(String),
        chain_code: 'btc',
        decimals: 8,
        price_usd: expect.any(Number),
        image: expect.any(String),
      });
      const refused = await own.post('/v1/payment', {
        price_amount: 100,
        price_currency: 'usd',
        pay_currency: 'eth',
      });
      expectV1Error(
        refused,
        400,
        'INVALID_REQUEST_PARAMS',
        'pay_currency "eth" is not enabled for this merchant',
      );
    });

    it('needs a key', async () => {
      expectV1Error(await client.get('/v1/merchant/coins', { apiKey: null }), 401, 'AUTH_REQUIRED');
    });
  });

  describe('GET /v1/estimate', () => {
    it('converts with amount_from a number and estimated_amount a string', async () => {
      const answer = await client.get('/v1/estimate?amount=100&currency_from=usd&currency_to=btc', {
        apiKey: null,
      });
      expect(answer.status).toBe(200);
      expectSchema(estimateSchema, answer.body);
      expect(answer.body).toMatchObject({
        currency_from: 'usd',
        amount_from: 100,
        currency_to: 'btc',
        estimated_amount: expect.stringMatching(/^0\.\d+$/),
      });
    });

    it('converts crypto to crypto and takes codes in any case', async () => {
      const answer = await client.get('/v1/estimate?amount=1.5&currency_from=ETH&currency_to=USDTTRC20');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ currency_from: 'eth', amount_from: 1.5, currency_to: 'usdttrc20' });
      expect(Number(answer.body.estimated_amount)).toBeGreaterThan(100);
    });

    it.each([
      ['currency_from=usd&currency_to=btc', 'amount is required'],
      ['amount=100&currency_to=btc', 'currency_from is required'],
      ['amount=100&currency_from=usd', 'currency_to is required'],
      ['amount=-1&currency_from=usd&currency_to=btc', 'amount must be a positive number'],
      ['amount=abc&currency_from=usd&currency_to=btc', 'amount must be a positive number'],
      [
        'amount=100&currency_from=usd&currency_to=nosuchcoin',
        'currency_to "nosuchcoin" is not a supported currency',
      ],
      ['amount=100&currency_from=zzz&currency_to=btc', 'currency_from "zzz" is not a supported currency'],
    ])('refuses %s', async (query, message) => {
      expectV1Error(await client.get(`/v1/estimate?${query}`), 400, 'INVALID_REQUEST_PARAMS', message);
    });
  });

  describe('GET /v1/min-amount', () => {
    it('answers the minimum with its fiat equivalent as numbers', async () => {
      const answer = await client.get('/v1/min-amount?currency_from=btc&currency_to=btc', { apiKey: null });
      expect(answer.status).toBe(200);
      expectSchema(minAmountSchema, answer.body);
      expect(answer.body).toMatchObject({ currency_from: 'btc', currency_to: 'btc' });
      expect(answer.body.min_amount).toBeGreaterThan(0);
      expect(answer.body.fiat_equivalent).toBeGreaterThan(0);
    });

    it('defaults currency_to to currency_from', async () => {
      const answer = await client.get('/v1/min-amount?currency_from=ltc');
      expect(answer.body).toMatchObject({ currency_from: 'ltc', currency_to: 'ltc' });
    });

    it('states fiat_equivalent in the requested fiat', async () => {
      const usd = await client.get('/v1/min-amount?currency_from=eth&currency_to=eth&fiat_equivalent=usd');
      const eur = await client.get('/v1/min-amount?currency_from=eth&currency_to=eth&fiat_equivalent=eur');
      expect(usd.body.min_amount).toBe(eur.body.min_amount);
      expect(eur.body.fiat_equivalent).toBeLessThan(usd.body.fiat_equivalent);
    });

    it('accepts the fixed-rate flags as upstream clients send them', async () => {
      expect(
        (await client.get('/v1/min-amount?currency_from=btc&is_fixed_rate=False&is_fee_paid_by_user=False'))
          .status,
      ).toBe(200);
    });

    it.each([
      ['', 'currency_from is required'],
      ['currency_from=nope', 'currency_from "nope" is not a supported currency'],
      ['currency_from=btc&currency_to=nope', 'currency_to "nope" is not a supported currency'],
      ['currency_from=btc&is_fixed_rate=perhaps', 'is_fixed_rate must be true or false'],
    ])('refuses %j', async (query, message) => {
      expectV1Error(await client.get(`/v1/min-amount?${query}`), 400, 'INVALID_REQUEST_PARAMS', message);
    });
  });
});
