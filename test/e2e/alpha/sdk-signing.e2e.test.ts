import { startTestGateway, type TestGateway } from '../../support/gateway';
import { readyMerchant } from './alpha-fixtures';
import { AlphaClient, upstreamSign, type AlphaPayment } from './alpha-client';
import { phpJsonEncode, pyCryptomusApiDumps, pyCryptomusDumps } from './upstream-encoders';

/**
 * Requests put on the wire byte for byte as the upstream SDKs do (reference/upstream-apis.md §2.6):
 * the body each SDK encodes, signed as it signs it, with the headers it sends.
 */
describe('family A accepts requests exactly as the upstream SDKs send them', () => {
  let gateway: TestGateway;
  let client: AlphaClient;

  const sdkSend = (path: string, body: string, contentType = 'application/json;charset=UTF-8') =>
    client.send<{ state: number; result: AlphaPayment & Record<string, unknown> }>('POST', path, {
      body,
      contentType,
      sign: upstreamSign(body, gateway.demoMerchant.paymentKey),
    });

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  describe('official PHP SDK (json_encode with JSON_UNESCAPED_UNICODE)', () => {
    it('creates a payment from a body with \\/-escaped URLs and raw unicode', async () => {
      const body = phpJsonEncode({
        amount: '15.00',
        currency: 'USD',
        order_id: 'php-1',
        url_callback: 'https://shop.example/cryptomus/callback',
        url_return: 'https://shop.example/cart',
        is_payment_multiple: false,
        lifetime: '3600',
        additional_data: 'Café №1 / order',
      });
      expect(body).toContain('https:\\/\\/shop.example');
      const answer = await sdkSend('/payment', body);
      expect(answer.status).toBe(200);
      expect(answer.body.state).toBe(0);
      expect(answer.body.result).toMatchObject({ order_id: 'php-1', additional_data: 'Café №1 / order' });
    });

    it('sends [] for calls without parameters (services)', async () => {
      const answer = await sdkSend('/payment/services', phpJsonEncode({}));
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body.result)).toBe(true);
    });

    it('pages the history with the body cursor "1" that history() always sends', async () => {
      const answer = await sdkSend(
        '/payment/list',
        phpJsonEncode({ date_from: '2020-01-01 00:00:00', cursor: '1' }),
      );
      expect(answer.status).toBe(200);
      expect((answer.body.result as unknown as { items: unknown[] }).items.length).toBeGreaterThan(0);
    });

    it('looks a payment up by order_id', async () => {
      const answer = await sdkSend('/payment/info', phpJsonEncode({ order_id: 'php-1' }));
      expect(answer.body.result.order_id).toBe('php-1');
    });
  });

  describe('PyPI cryptomus (compact json.dumps, ASCII-escaped)', () => {
    it('creates a payment whose non-ASCII text arrives \\u-escaped', async () => {
      const body = pyCryptomusDumps({
        amount: '20',
        currency: 'USDT',
        network: 'tron',
        order_id: 'py1-1',
        additional_data: 'naïve café ✓',
      });
      expect(body).toContain('na\\u00efve');
      const answer = await sdkSend('/payment', body);
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({
        order_id: 'py1-1',
        additional_data: 'naïve café ✓',
        network: 'tron',
      });
    });

    it('sends {} for calls without parameters', async () => {
      expect((await sdkSend('/payment/services', pyCryptomusDumps({}))).status).toBe(200);
    });
  });

  describe('PyPI pycryptomusapi (json.dumps with ", " and ": " separators)', () => {
    it('creates a payment from Python-spaced JSON', async () => {
      const body = pyCryptomusApiDumps({
        amount: '25.5',
        currency: 'USD',
        order_id: 'py2-1',
        url_callback: 'https://shop.example/cb',
        additional_data: 'Grüße',
      });
      expect(body).toContain('", "');
      const answer = await sdkSend('/payment', body);
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({
        order_id: 'py2-1',
        amount: '25.50000000',
        additional_data: 'Grüße',
      });
    });

    it('sends an empty body signed as md5(key) for calls without parameters', async () => {
      const body = pyCryptomusApiDumps(null);
      expect(body).toBe('');
      expect(upstreamSign(body, 'api-key-123')).toBe('175122a2b903cb8d57010c9b50a0b962');
      const answer = await sdkSend('/payment/services', body, 'application/json');
      expect(answer.status).toBe(200);
    });

    it('passes the history cursor in the query string', async () => {
      const created: AlphaPayment[] = [];
      for (let index = 0; index < 16; index++) created.push(await client.createPayment());
      // Lists are read from the read model: page only once every new payment is in it, or a late one
      // would push an item of the first page onto the second.
      for (const payment of created) await client.paymentWhen(payment.uuid, () => true);
      const body = pyCryptomusApiDumps({ date_from: '2020-01-01 00:00:00' });
      type Page = { items: AlphaPayment[]; paginate: { nextCursor: string | null } };
      const first = (await sdkSend('/payment/list', body)).body.result as unknown as Page;
      expect(first.paginate.nextCursor).toEqual(expect.any(String));
      const answer = await client.send<{ result: Page }>(
        'POST',
        `/payment/list?cursor=${first.paginate.nextCursor}`,
        {
          body,
          sign: upstreamSign(body, gateway.demoMerchant.paymentKey),
        },
      );
      expect(answer.status).toBe(200);
      const firstUuids = new Set(first.items.map((item) => item.uuid));
      expect(answer.body.result.items.length).toBeGreaterThan(0);
      expect(answer.body.result.items.some((item) => firstUuids.has(item.uuid))).toBe(false);
    });
  });

  it('verifies the reference test vector body byte for byte', async () => {
    const body =
      '{"amount":"10.00","currency":"USD","order_id":"A-1","url_callback":"https:\\/\\/shop.example\\/cb"}';
    expect(upstreamSign(body, 'api-key-123')).toBe('862fac81d168c599e80d160f737df09d');
    const answer = await sdkSend('/payment', body);
    expect(answer.status).toBe(200);
    expect(answer.body.result.order_id).toBe('A-1');
  });
});
