import { connect } from 'node:net';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { eventually, expectV1Error, V1Client, readyClient } from './v1-client';

const PROTECTED: [method: string, path: string][] = [
  ['GET', '/v1/merchant/coins'],
  ['POST', '/v1/payment'],
  ['GET', '/v1/payment/5077125051'],
  ['GET', '/v1/payment/'],
  ['GET', '/v1/payment'],
  ['POST', '/v1/payment/5077125051/update-merchant-estimate'],
  ['POST', '/v1/invoice'],
  ['GET', '/v1/invoice-payment?invoiceId=6f1d6a43-5a0c-4f5e-8f62-2b3c4d5e6f70'],
  ['GET', '/v1/subscriptions'],
  ['GET', '/v1/subscriptions/plans'],
];

/** Sends raw bytes and returns the raw response, for request forms fetch cannot produce. */
function rawRequest(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let response = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (response += chunk));
    socket.on('end', () => resolve(response));
    socket.on('error', reject);
  });
}

describe('V1 authentication and error shape', () => {
  let gateway: TestGateway;
  let client: V1Client;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { BODY_LIMIT: '4kb' } });
    client = await readyClient(gateway);
  });

  afterAll(() => gateway.stop());

  it.each(PROTECTED)('%s %s without x-api-key is 401 AUTH_REQUIRED', async (method, path) => {
    expectV1Error(await client.call(method, path, { apiKey: null }), 401, 'AUTH_REQUIRED');
  });

  it.each(PROTECTED)('%s %s with an empty x-api-key is 401 AUTH_REQUIRED', async (method, path) => {
    expectV1Error(await client.call(method, path, { apiKey: '' }), 401, 'AUTH_REQUIRED');
  });

  it.each(PROTECTED)('%s %s with an unknown x-api-key is 403 INVALID_API_KEY', async (method, path) => {
    expectV1Error(
      await client.call(method, path, { apiKey: 'wrong-key-0123456789' }),
      403,
      'INVALID_API_KEY',
      'Invalid api key',
    );
  });

  it('renders the spec fields: statusCode, the status phrase as error, and message', async () => {
    const answer = await client.get('/v1/payment/abc');
    expect(answer.body).toEqual({
      status: false,
      statusCode: 400,
      code: 'INVALID_REQUEST_PARAMS',
      error: 'Bad Request',
      message: 'Payment id must be a number',
    });
  });

  it('answers unknown /v1 routes with 404 in the same shape', async () => {
    expectV1Error(
      await client.get('/v1/nothing-here'),
      404,
      'NOT_FOUND',
      'No such endpoint: GET /v1/nothing-here',
    );
    expectV1Error(await client.call('DELETE', '/v1/payment/1'), 404, 'NOT_FOUND');
    expectV1Error(await client.post('/v1/status', {}), 404, 'NOT_FOUND');
  });

  it('refuses a body over the configured limit with 413', async () => {
    const answer = await client.post('/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_description: 'x'.repeat(8_000),
    });
    expectV1Error(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses other content types with 415', async () => {
    const answer = await client.call('POST', '/v1/payment', {
      raw: '<payment/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectV1Error(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses malformed JSON with 400, never 500', async () => {
    const answer = await client.call('POST', '/v1/payment', {
      raw: '{"price_amount": 10,',
      headers: { 'content-type': 'application/json' },
    });
    expectV1Error(answer, 400, 'INVALID_REQUEST_PARAMS', /^Malformed JSON body/);
    const array = await client.call('POST', '/v1/payment', {
      raw: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expectV1Error(array, 400, 'INVALID_REQUEST_PARAMS', 'Request body must be a JSON object');
  });

  it('answers hostile input with 4xx, never 500', async () => {
    const hostile: [string, string, string | undefined][] = [
      ['POST', '/v1/payment', '{"price_amount":{"$gt":0},"price_currency":["usd"],"pay_currency":null}'],
      [
        'POST',
        '/v1/payment',
        '{"__proto__":{"admin":true},"price_amount":1e400,"price_currency":"usd","pay_currency":"btc"}',
      ],
      ['POST', '/v1/invoice', '{"price_amount":"1e5","price_currency":"usd"}'],
      ['GET', '/v1/payment/99999999999999999999', undefined],
      ['GET', '/v1/payment/?limit=1&limit=2', undefined],
      ['GET', '/v1/payment/?sortBy[$ne]=x', undefined],
      ['GET', '/v1/invoice-payment?invoiceId[]=a', undefined],
      ['GET', '/v1/subscriptions?subscription_plan_id=-1', undefined],
      ['GET', '/v1/estimate?amount=1e999&currency_from=usd&currency_to=btc', undefined],
    ];
    for (const [method, path, raw] of hostile) {
      const answer = await client.call(
        method,
        path,
        raw === undefined ? {} : { raw, headers: { 'content-type': 'application/json' } },
      );
      expect({ path, raw, status: answer.status }).toEqual({ path, raw, status: 400 });
      expect(answer.body).toMatchObject({ status: false, statusCode: 400 });
    }
  });

  it('serves an absolute-form request target as a proxy client sends it', async () => {
    const response = await rawRequest(
      gateway.baseUrl,
      'GET http://api.nowpayments.io/v1/status HTTP/1.1\r\nHost: api.nowpayments.io\r\nx-api-key: \r\nConnection: close\r\n\r\n',
    );
    expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(response.endsWith('{"message":"OK"}')).toBe(true);
  });

  it('serves an absolute-form target of a protected endpoint with its key', async () => {
    const { apiKey } = gateway.demoMerchant;
    const response = await eventually(async () => {
      const raw = await rawRequest(
        gateway.baseUrl,
        `GET https://api.nowpayments.io/v1/payment/?limit=1 HTTP/1.1\r\nHost: api.nowpayments.io\r\nx-api-key: ${apiKey}\r\nConnection: close\r\n\r\n`,
      );
      expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      return raw;
    });
    expect(response).toContain('"limit":1');
  });
});
