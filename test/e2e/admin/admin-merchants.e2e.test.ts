import { startTestGateway, type TestGateway } from '../../support/gateway';
import { adminClient, eventTypesOf, eventually, v1Get } from './admin-helpers';

interface Merchant {
  merchant_id: string;
  name: string;
  email: string | null;
  enabled_coins: string[] | null;
  outcome_currency: string | null;
  created_at: string;
  updated_at: string;
}
type CreatedMerchant = Omit<Merchant, 'created_at' | 'updated_at'> & {
  api_key: string;
  beta_api_key: string;
  payment_key: string;
  ipn_secret: string;
};

const UNKNOWN_MERCHANT = '00000000-0000-4000-8000-000000000000';

describe('admin API: merchants', () => {
  let gateway: TestGateway;
  let admin: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    admin = adminClient(gateway);
  });
  afterAll(() => gateway.stop());

  describe('POST /admin/v1/merchants', () => {
    it('creates a merchant and returns every key once; the V1 key works at once', async () => {
      const response = await admin<CreatedMerchant>('POST', '/merchants', {
        body: {
          name: '  Coffee Shop ',
          email: 'ops@coffee.example',
          enabled_coins: ['BTC', 'usdttrc20'],
          outcome_currency: 'USDTTRC20',
        },
      });
      expect(response.status).toBe(201);
      const created = response.body;
      expect(created).toEqual({
        merchant_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Coffee Shop',
        email: 'ops@coffee.example',
        enabled_coins: ['btc', 'usdttrc20'],
        outcome_currency: 'usdttrc20',
        api_key: expect.any(String),
        beta_api_key: expect.any(String),
        payment_key: expect.any(String),
        ipn_secret: expect.any(String),
      });
      const keys = [created.api_key, created.beta_api_key, created.payment_key, created.ipn_secret];
      for (const key of keys) expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(new Set(keys).size).toBe(4);
      expect(await eventTypesOf(gateway, `merchant-${created.merchant_id}`)).toEqual(['MerchantCreated']);

      const coins = await eventually(async () => {
        const v1 = await v1Get<{ selectedCurrencies: { code: string }[] }>(
          gateway,
          '/v1/merchant/coins',
          created.api_key,
        );
        expect(v1.status).toBe(200);
        return v1.body.selectedCurrencies.map((coin) => coin.code);
      });
      expect(coins).toEqual(['btc', 'usdttrc20']);
    });

    it('creates with a name alone: no email, every coin', async () => {
      const response = await admin<CreatedMerchant>('POST', '/merchants', { body: { name: 'Minimal' } });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        name: 'Minimal',
        email: null,
        enabled_coins: null,
        outcome_currency: null,
      });
    });

    it('never stores the keys in plain text', async () => {
      const { body: created } = await admin<CreatedMerchant>('POST', '/merchants', {
        body: { name: 'Keys at rest' },
      });
      const [event] = await gateway.gateway.ctx.eventStore.readStream(`merchant-${created.merchant_id}`);
      const stored = JSON.stringify(event);
      for (const key of [created.api_key, created.beta_api_key, created.payment_key, created.ipn_secret]) {
        expect(stored).not.toContain(key);
      }
    });

    it.each([
      ['no name', {}, 'name is required'],
      ['a blank name', { name: '  ' }, 'name must not be blank'],
      ['an unknown field', { name: 'X', coins: ['btc'] }, 'coins is not a known field'],
      ['a malformed email', { name: 'X', email: 'nope' }, 'email must match format "email"'],
      [
        'an empty coin list',
        { name: 'X', enabled_coins: [] },
        'enabled_coins must NOT have fewer than 1 items',
      ],
      [
        'unknown coins',
        { name: 'X', enabled_coins: ['btc', 'notacoin'] },
        'enabled_coins has unknown currencies: notacoin',
      ],
      [
        'a fiat as a coin',
        { name: 'X', enabled_coins: ['eur'] },
        'enabled_coins has not cryptocurrencies: eur',
      ],
      [
        'an unknown outcome currency',
        { name: 'X', outcome_currency: 'zzz' },
        'outcome_currency "zzz" is not a known currency',
      ],
      ['an array body', [{ name: 'X' }], 'body must be object'],
    ])('refuses %s with 400', async (_case, body, message) => {
      const response = await admin('POST', '/merchants', { body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    });

    it('refuses malformed JSON (400), another content type (415) and an oversized body (413)', async () => {
      const malformed = await admin('POST', '/merchants', {
        rawBody: '{"name":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      const form = await admin('POST', '/merchants', {
        rawBody: 'name=X',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
      expect(form.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
      const huge = await admin('POST', '/merchants', { body: { name: 'x'.repeat(200 * 1024) } });
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    });
  });

  describe('GET /admin/v1/merchants and /merchants/{id}', () => {
    it('lists merchants oldest first without any secret, with paging', async () => {
      const { body: created } = await admin<CreatedMerchant>('POST', '/merchants', {
        body: { name: 'Listed', email: 'l@example.com' },
      });
      const list = await eventually(async () => {
        const response = await admin<{ count: number; limit: number; offset: number; result: Merchant[] }>(
          'GET',
          '/merchants?limit=500',
        );
        expect(response.status).toBe(200);
        expect(response.body.result.map((m) => m.merchant_id)).toContain(created.merchant_id);
        return response;
      });
      expect(list.body.count).toBe(list.body.result.length);
      expect(list.body).toMatchObject({ limit: 500, offset: 0 });
      const createdAts = list.body.result.map((m) => m.created_at);
      expect([...createdAts].sort()).toEqual(createdAts);
      expect(list.body.result.find((m) => m.merchant_id === created.merchant_id)).toEqual({
        merchant_id: created.merchant_id,
        name: 'Listed',
        email: 'l@example.com',
        enabled_coins: null,
        outcome_currency: null,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      });
      expect(list.text).not.toContain(created.api_key);
      expect(list.text).not.toMatch(/hash|cipher|api_key|secret/i);

      const firstPage = await admin<{ result: Merchant[] }>('GET', '/merchants?limit=1');
      const secondPage = await admin<{ result: Merchant[] }>('GET', '/merchants?limit=1&offset=1');
      expect(firstPage.body.result).toHaveLength(1);
      expect(secondPage.body.result).toHaveLength(1);
      expect(secondPage.body.result[0]!.merchant_id).not.toBe(firstPage.body.result[0]!.merchant_id);
      const pastTheEnd = await admin<{ result: Merchant[] }>('GET', `/merchants?offset=${list.body.count}`);
      expect(pastTheEnd.body.result).toEqual([]);
    });

    it.each(['limit=0', 'limit=501', 'limit=abc', 'offset=-1'])('refuses ?%s with 400', async (query) => {
      const response = await admin('GET', `/merchants?${query}`);
      expect(response.status).toBe(400);
    });

    it('shows one merchant, right after creating it', async () => {
      const { body: created } = await admin<CreatedMerchant>('POST', '/merchants', {
        body: { name: 'Shown', enabled_coins: ['eth'] },
      });
      const response = await admin<Merchant>('GET', `/merchants/${created.merchant_id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        merchant_id: created.merchant_id,
        name: 'Shown',
        email: null,
        enabled_coins: ['eth'],
        outcome_currency: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(response.text).not.toContain(created.api_key);
    });

    it('answers 404 for an unknown merchant id and for a non-uuid id', async () => {
      for (const id of [UNKNOWN_MERCHANT, 'not-a-uuid']) {
        const response = await admin('GET', `/merchants/${id}`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'merchant not found' });
      }
    });
  });

  describe('PUT /admin/v1/merchants/{id}/coins', () => {
    it('sets the enabled coins, which V1 then reports, and back to every coin with null', async () => {
      const { merchantId, apiKey } = gateway.demoMerchant;
      const response = await admin('PUT', `/merchants/${merchantId}/coins`, {
        body: { enabled_coins: ['ETH', 'ltc'] },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ merchant_id: merchantId, enabled_coins: ['eth', 'ltc'] });
      expect((await eventTypesOf(gateway, `merchant-${merchantId}`)).at(-1)).toBe('MerchantCoinsChanged');
      await eventually(async () => {
        const v1 = await v1Get<{ selectedCurrencies: { code: string }[] }>(
          gateway,
          '/v1/merchant/coins',
          apiKey,
        );
        expect(v1.body.selectedCurrencies.map((coin) => coin.code)).toEqual(['eth', 'ltc']);
      });

      const all = await admin('PUT', `/merchants/${merchantId}/coins`, { body: { enabled_coins: null } });
      expect(all.body).toEqual({ merchant_id: merchantId, enabled_coins: null });
      await eventually(async () => {
        const v1 = await v1Get<{ selectedCurrencies: unknown[] }>(gateway, '/v1/merchant/coins', apiKey);
        expect(v1.body.selectedCurrencies.length).toBeGreaterThan(40);
      });
    });

    it.each([
      ['no list', {}, 'enabled_coins is required'],
      ['a string', { enabled_coins: 'btc' }, 'enabled_coins must be array or null'],
      [
        'unknown coins',
        { enabled_coins: ['bitcoin-cash-sv'] },
        'enabled_coins.0 must be a currency code (letters and digits)',
      ],
      [
        'a code the catalogue lacks',
        { enabled_coins: ['abcxyz'] },
        'enabled_coins has unknown currencies: abcxyz',
      ],
    ])('refuses %s with 400', async (_case, body, message) => {
      const response = await admin('PUT', `/merchants/${gateway.demoMerchant.merchantId}/coins`, { body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message });
    });

    it('answers 404 for an unknown merchant', async () => {
      const response = await admin('PUT', `/merchants/${UNKNOWN_MERCHANT}/coins`, {
        body: { enabled_coins: ['btc'] },
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'merchant not found' });
    });
  });

  describe('PUT /admin/v1/merchants/{id}/outcome-currency', () => {
    it('sets any catalogue currency in its catalogue spelling, and clears it with null', async () => {
      const { merchantId } = await gateway.createMerchant('Outcome currency shop');
      const set = await admin('PUT', `/merchants/${merchantId}/outcome-currency`, {
        body: { outcome_currency: 'EUR' },
      });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ merchant_id: merchantId, outcome_currency: 'eur' });
      expect((await eventTypesOf(gateway, `merchant-${merchantId}`)).at(-1)).toBe(
        'MerchantOutcomeCurrencyChanged',
      );
      expect((await admin('GET', `/merchants/${merchantId}`)).body).toMatchObject({
        outcome_currency: 'eur',
      });

      const cleared = await admin('PUT', `/merchants/${merchantId}/outcome-currency`, {
        body: { outcome_currency: null },
      });
      expect(cleared.body).toEqual({ merchant_id: merchantId, outcome_currency: null });
      expect((await admin('GET', `/merchants/${merchantId}`)).body).toMatchObject({ outcome_currency: null });
    });

    it.each([
      ['no field', {}, 'outcome_currency is required'],
      [
        'a code the catalogue lacks',
        { outcome_currency: 'abcxyz' },
        'outcome_currency "abcxyz" is not a known currency',
      ],
      [
        'a malformed code',
        { outcome_currency: 'us d' },
        'outcome_currency must be a currency code (letters and digits)',
      ],
    ])('refuses %s with 400', async (_case, body, message) => {
      const response = await admin('PUT', `/merchants/${gateway.demoMerchant.merchantId}/outcome-currency`, {
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message });
    });

    it('answers 404 for an unknown merchant', async () => {
      const response = await admin('PUT', `/merchants/${UNKNOWN_MERCHANT}/outcome-currency`, {
        body: { outcome_currency: 'usd' },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: 'merchant not found' });
    });
  });
});
