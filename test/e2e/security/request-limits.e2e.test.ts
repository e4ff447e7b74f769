import { connect } from 'node:net';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { MerchantCalls } from './merchant-calls';

/** Writes `request` to a fresh connection and resolves with what the server sent before closing. */
function rawExchange(baseUrl: string, request: string, timeoutMs = 10_000): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open past ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', () => undefined);
    socket.write(request);
  });
}

const statusLine = (response: string) => response.split('\r\n')[0];

describe('request limits and slow clients on the running gateway', () => {
  let gateway: TestGateway;
  let merchant: MerchantCalls;

  beforeAll(async () => {
    gateway = await startTestGateway({
      env: { BODY_LIMIT: '4kb', HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000' },
    });
    merchant = new MerchantCalls(gateway.baseUrl, gateway.demoMerchant);
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  const oversized = {
    price_amount: 10,
    price_currency: 'usd',
    pay_currency: 'btc',
    order_description: 'x'.repeat(5000),
  };

  it('refuses a body over BODY_LIMIT with 413 in every family', async () => {
    expect(await merchant.v1('POST', '/v1/payment', oversized)).toMatchObject({
      status: 413,
      body: { statusCode: 413 },
    });
    expect(
      (
        await merchant.alpha('/alpha/v1/payment', {
          ...oversized,
          amount: '10',
          currency: 'USD',
          order_id: 'big',
        })
      ).status,
    ).toBe(413);
    expect(
      (await merchant.beta('POST', '/beta/v1/payment/invoice', { ...oversized, amount: 10, currency: 'USD' }))
        .status,
    ).toBe(413);
  });

  it('refuses JSON nested deeper than the parser allows with 400', async () => {
    const deep = `{"price_amount":10,"price_currency":"usd","pay_currency":"btc","n":${'['.repeat(64)}${']'.repeat(64)}}`;
    const response = await fetch(`${gateway.baseUrl}/v1/payment`, {
      method: 'POST',
      headers: { 'x-api-key': gateway.demoMerchant.apiKey, 'content-type': 'application/json' },
      body: deep,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400 });
  });

  it('refuses a header block over 16 KiB with 431 before routing', async () => {
    const response = await rawExchange(
      gateway.baseUrl,
      `GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
    );
    expect(statusLine(response)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  });

  it('refuses a query string that does not fit the header limit with 431', async () => {
    const response = await rawExchange(
      gateway.baseUrl,
      `GET /v1/estimate?amount=1&currency_from=usd&currency_to=btc&pad=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(statusLine(response)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  });

  it('answers a long but acceptable query normally', async () => {
    const response = await fetch(
      `${gateway.baseUrl}/v1/estimate?amount=1&currency_from=usd&currency_to=btc&pad=${'a'.repeat(8 * 1024)}`,
    );
    expect(response.status).toBe(200);
  });

  it('drops a slow-loris client that never finishes its headers after HTTP_HEADERS_TIMEOUT_MS', async () => {
    // The 408 is the gateway's own timeout answering, however busy the machine is.
    const response = await rawExchange(
      gateway.baseUrl,
      'GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
    );
    expect(statusLine(response)).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('drops a client that trickles its body past HTTP_REQUEST_TIMEOUT_MS', async () => {
    const response = await rawExchange(
      gateway.baseUrl,
      `POST /v1/payment HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${gateway.demoMerchant.apiKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"price`,
    );
    expect(statusLine(response)).toBe('HTTP/1.1 408 Request Timeout');
  });
});

describe('browser-facing headers', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway();
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it.each(['/docs', '/invoice/'])(
    'serves %s pages with a strict CSP, no framing, no sniffing, no cross-site referrer',
    async (page) => {
      let path = page;
      if (page === '/invoice/') {
        const invoice = await new MerchantCalls(gateway.baseUrl, gateway.demoMerchant).v1(
          'POST',
          '/v1/invoice',
          {
            price_amount: 10,
            price_currency: 'usd',
          },
        );
        path = `/invoice/${invoice.body.id}`;
      }
      const response = await fetch(`${gateway.baseUrl}${path}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      // The checkout keeps same-origin referrers for its own form posts; neither leaks to another site.
      expect(['no-referrer', 'same-origin']).toContain(response.headers.get('referrer-policy'));
    },
  );

  it.each([
    '/v1/payment',
    '/v1/status',
    '/alpha/v1/payment',
    '/beta/v1/payment/invoice',
    '/admin/v1/merchants',
    '/docs/v1.json',
  ])(
    'grants no CORS on %s: a preflight from another origin gets no Access-Control-Allow-Origin',
    async (path) => {
      const preflight = await fetch(`${gateway.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://attacker.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-api-key, content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      const simple = await fetch(`${gateway.baseUrl}${path}`, {
        headers: { origin: 'https://attacker.example' },
      });
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    },
  );
});
