import { startTestGateway, type TestGateway } from '../../support/gateway';
import { adminClient } from './admin-helpers';

describe('admin API authentication', () => {
  let gateway: TestGateway;
  let admin: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    admin = adminClient(gateway);
  });
  afterAll(() => gateway.stop());

  const endpoints: [string, string][] = [
    ['GET', '/merchants'],
    ['POST', '/merchants'],
    ['GET', '/merchants/00000000-0000-4000-8000-000000000000'],
    ['POST', '/merchants/00000000-0000-4000-8000-000000000000/keys/api-key/rotate'],
    ['PUT', '/merchants/00000000-0000-4000-8000-000000000000/coins'],
    ['PUT', '/merchants/00000000-0000-4000-8000-000000000000/outcome-currency'],
    ['POST', '/merchants/00000000-0000-4000-8000-000000000000/subscription-plans'],
    ['POST', '/merchants/00000000-0000-4000-8000-000000000000/subscriptions'],
    ['PATCH', '/subscriptions/1234567890'],
    ['POST', '/payments/1234567890/refund'],
    ['POST', '/payments/1234567890/refund-request'],
    ['GET', '/payments/1234567890/refund'],
    ['GET', '/no-such-endpoint'],
  ];

  const bodyFor = (method: string) => (method === 'GET' ? undefined : { name: 'x' });

  it.each(endpoints)('%s %s without a token is 401 with a Bearer challenge', async (method, path) => {
    const response = await admin(method, path, { token: null, body: bodyFor(method) });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="admin"');
    expect(response.body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: expect.stringContaining('Bearer'),
    });
  });

  it.each(endpoints)('%s %s with a wrong token is 401', async (method, path) => {
    const response = await admin(method, path, { token: `${gateway.adminToken}x`, body: bodyFor(method) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid admin token' });
  });

  it('refuses the token in another scheme, and a merchant API key in its place', async () => {
    const basic = await admin('GET', '/merchants', {
      token: null,
      headers: { authorization: `Basic ${gateway.adminToken}` },
    });
    expect(basic.status).toBe(401);
    const apiKey = await admin('GET', '/merchants', { token: gateway.demoMerchant.apiKey });
    expect(apiKey.status).toBe(401);
    const asApiKeyHeader = await admin('GET', '/merchants', {
      token: null,
      headers: { 'x-api-key': gateway.adminToken },
    });
    expect(asApiKeyHeader.status).toBe(401);
  });

  it('checks the token before reading the body', async () => {
    const response = await admin('POST', '/merchants', {
      token: null,
      rawBody: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(401);
  });

  it('accepts the configured token, case-insensitive scheme, and marks responses uncacheable', async () => {
    const response = await admin('GET', '/merchants', {
      token: null,
      headers: { authorization: `bearer ${gateway.adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown admin path with a JSON 404 once authenticated', async () => {
    const response = await admin('GET', '/no-such-endpoint');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such admin endpoint' });
  });
});
