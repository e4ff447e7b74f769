import { startTestGateway, type TestGateway } from '../../support/gateway';
import { newMerchant, readyMerchant } from './alpha-fixtures';
import { AlphaClient, upstreamSign } from './alpha-client';

const INVALID_SIGN = { message: 'Invalid Sign.' };

describe('family A authentication and transport errors', () => {
  let gateway: TestGateway;
  let client: AlphaClient;
  const body = JSON.stringify({
    order_id: 'auth-1',
    amount: '20',
    currency: 'USD',
    url_callback: 'https://shop.example/cb',
  });

  beforeAll(async () => {
    gateway = await startTestGateway();
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it.each([
    ['no merchant header', { merchant: null }],
    ['no sign header', { sign: null }],
    ['an empty sign', { sign: '' }],
    ['an unknown merchant', { merchant: '00000000-0000-4000-8000-000000000000' }],
    ['a merchant header that is no uuid', { merchant: 'shop-1' }],
    ['a sign that is no md5 hex', { sign: 'x'.repeat(32) }],
  ])('refuses %s with 401 {"message":"Invalid Sign."} and no state', async (_case, options) => {
    const answer = await client.send('POST', '/payment', { body, ...options });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_SIGN);
  });

  it("refuses a signature made with another merchant's key", async () => {
    const other = await newMerchant(gateway, 'Other');
    const answer = await client.send('POST', '/payment', {
      body,
      sign: upstreamSign(body, other.paymentKey),
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_SIGN);
  });

  it("refuses another merchant's uuid with this merchant's signature", async () => {
    const other = await newMerchant(gateway, 'Other');
    const answer = await client.send('POST', '/payment', { body, merchant: other.merchantId });
    expect(answer.status).toBe(401);
  });

  it('refuses a signature over different bytes than were sent (a slash-escaped copy of unescaped JSON)', async () => {
    const escapedCopy = body.replace(/\//g, '\\/');
    const answer = await client.send('POST', '/payment', { body, signedBody: escapedCopy });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_SIGN);
  });

  it('refuses a signature over the same fields re-serialised with sorted keys', async () => {
    const sorted = JSON.stringify(
      Object.fromEntries(
        Object.entries(JSON.parse(body) as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
      ),
    );
    const answer = await client.send('POST', '/payment', { body, signedBody: sorted });
    expect(answer.status).toBe(401);
  });

  it('refuses a body signed as {} on a call that sends parameters', async () => {
    const answer = await client.send('POST', '/payment/info', {
      body: '{"order_id":"auth-1"}',
      signedBody: '{}',
    });
    expect(answer.status).toBe(401);
  });

  it('checks the signature before anything else: an invalid body with a wrong sign is a 401, not a 422', async () => {
    const answer = await client.send('POST', '/payment', {
      body: '{}',
      sign: upstreamSign('{"x":1}', gateway.demoMerchant.paymentKey),
    });
    expect(answer.status).toBe(401);
  });

  it('refuses unsigned GET exchange-rate calls', async () => {
    const answer = await client.send('GET', '/exchange-rate/BTC/list', { merchant: null, sign: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_SIGN);
  });

  it('answers malformed JSON with 400 in the family shape, never 500', async () => {
    const broken = '{"amount": "20", ';
    const answer = await client.send('POST', '/payment', { body: broken });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ state: 1, message: expect.stringMatching(/^Malformed JSON body/) });
  });

  it('answers a body that is not JSON with 415 in the family shape', async () => {
    const answer = await client.send('POST', '/payment', {
      body: 'amount=20',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ state: 1 });
  });

  it('answers a JSON array body with a validation error, never 500', async () => {
    const answer = await client.send('POST', '/payment', { body: '[1,2]' });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ state: 1, errors: { body: ['validation.array'] } });
  });
});
