import { ManualClock } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { AlphaClient, upstreamSign } from './alpha-client';
import { newMerchant, readyMerchant } from './alpha-fixtures';

const LIMIT = 2;

describe('family A rate limit (RATE_LIMIT_ALPHA)', () => {
  let gateway: TestGateway;
  let client: AlphaClient;
  // 15 s into a minute, so a refusal names the 45 s left in it.
  const clock = new ManualClock('2024-01-01T00:00:15.000Z');

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { RATE_LIMIT_ALPHA: String(LIMIT) }, clock });
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
  });
  afterAll(() => gateway.stop());

  /** The client's signed request through fetch itself, for the response headers. */
  const signedFetch = (path: string, body: string) =>
    fetch(`${gateway.baseUrl}/alpha/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        merchant: gateway.demoMerchant.merchantId,
        sign: upstreamSign(body, gateway.demoMerchant.paymentKey),
      },
      body,
    });

  /** Starts a fresh minute for every case. */
  beforeEach(() => clock.advance(60_000));

  it('serves the limit per minute to a merchant, then answers 429 {state: 1, message} with Retry-After', async () => {
    const served = [];
    for (let i = 0; i < LIMIT; i++) served.push(await client.post('/payment/services', {}));
    const refused = await signedFetch('/payment/services', '{}');

    expect(served.map((answer) => [answer.status, answer.body.state])).toEqual([
      [200, 0],
      [200, 0],
    ]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ state: 1, message: 'Too many requests, retry after 45 seconds' });
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
  });

  it('serves the merchant again once the next minute starts', async () => {
    for (let i = 0; i <= LIMIT; i++) await client.post('/payment/services', {});

    clock.advance(45_000);

    expect((await client.post('/payment/services', {})).status).toBe(200);
  });

  it('counts each merchant apart', async () => {
    const second = await newMerchant(gateway, 'Second shop');
    const other = new AlphaClient(gateway.baseUrl, second);
    for (let i = 0; i <= LIMIT; i++) await client.post('/payment/services', {});

    expect((await other.post('/payment/services', {})).status).toBe(200);
  });

  it('counts a request with a wrong sign by client IP, so a forger cannot drain the merchant’s minute', async () => {
    const forged = [];
    for (let i = 0; i <= LIMIT; i++)
      forged.push((await client.post('/payment/services', {}, { sign: 'f'.repeat(32) })).status);

    expect(forged).toEqual([401, 401, 429]);
    expect((await client.post('/payment/services', {})).status).toBe(200);
  });
});
