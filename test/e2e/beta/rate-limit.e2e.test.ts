import { ManualClock } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { newMerchant, readyMerchant } from '../alpha/alpha-fixtures';
import { BetaClient } from './beta-client';

const LIMIT = 2;

describe('family B rate limit (RATE_LIMIT_BETA)', () => {
  let gateway: TestGateway;
  let client: BetaClient;
  let anonymous: BetaClient;
  // 15 s into a minute, so a refusal names the 45 s left in it.
  const clock = new ManualClock('2024-01-01T00:00:15.000Z');

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { RATE_LIMIT_BETA: String(LIMIT) }, clock });
    await readyMerchant(gateway, gateway.demoMerchant);
    client = new BetaClient(gateway.baseUrl, gateway.demoMerchant);
    anonymous = new BetaClient(gateway.baseUrl, { merchantId: '', betaApiKey: '' });
  });
  afterAll(() => gateway.stop());

  /** Starts a fresh minute for every case. */
  beforeEach(() => clock.advance(60_000));

  it('serves the limit per minute to a merchant, then answers 429 in the envelope with Retry-After', async () => {
    const served = [];
    for (let i = 0; i < LIMIT; i++) served.push(await client.send('GET', '/payment'));
    const refused = await fetch(`${gateway.baseUrl}/beta/v1/payment`, {
      headers: { merchant_api_key: gateway.demoMerchant.betaApiKey },
    });

    expect(served.map((answer) => [answer.status, answer.body.status])).toEqual([
      [200, 200],
      [200, 200],
    ]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      data: {},
      message: 'Too many requests.',
      error: {
        type: 'rate_limit',
        key: 'requests',
        message: 'At most 2 requests per minute; retry after 45 seconds.',
      },
      status: 429,
      version: '1.0.0',
    });
    expect(refused.headers.get('retry-after')).toBe('45');
  });

  it('refuses an invoice over the limit and serves again once the next minute starts', async () => {
    for (let i = 0; i < LIMIT; i++) await client.send('GET', '/payment');

    const refused = await client.send('POST', '/payment/invoice', { body: { amount: 20, currency: 'USD' } });
    clock.advance(45_000);
    const created = await client.send('POST', '/payment/invoice', { body: { amount: 20, currency: 'USD' } });

    expect(refused.status).toBe(429);
    expect(created.status).toBe(200);
  });

  it('counts each merchant apart', async () => {
    const other = new BetaClient(gateway.baseUrl, await newMerchant(gateway, 'Second shop'));
    for (let i = 0; i <= LIMIT; i++) await client.send('GET', '/payment');

    expect((await other.send('GET', '/payment')).status).toBe(200);
  });

  it('counts public calls and invented keys by client IP', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT; i++)
      statuses.push((await anonymous.send('GET', '/common/fiats', { apiKey: null })).status);
    const refused = await anonymous.send('GET', '/common/fiats', { apiKey: null });
    const invented = await anonymous.send('GET', '/payment', { apiKey: 'invented-key-0123456789' });

    expect(statuses).toEqual([200, 200]);
    expect([refused.status, refused.body.status, refused.body.error.type]).toEqual([429, 429, 'rate_limit']);
    expect(invented.status).toBe(429);
    expect((await client.send('GET', '/payment')).status).toBe(200);
  });
});
