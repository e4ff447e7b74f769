import express from 'express';
import {
  accessLog,
  asyncRoute,
  BadRequestError,
  buildCsp,
  noCors,
  pageSecurityHeaders,
  requestId,
} from '../src';
import { echoHttpErrors } from './support/error-echo';
import { captureLogger } from './support/log-capture';
import { startServer, stopStartedServers } from './support/servers';

afterEach(stopStartedServers);

describe('requestId', () => {
  async function server() {
    const { logger, lines } = captureLogger();
    const app = express();
    app.use(requestId({ logger }));
    app.get('/id', (req, res) => {
      req.log.info('handling');
      res.json({ id: req.id });
    });
    const started = await startServer(app);
    return { url: `${started.url()}/id`, lines };
  }

  it('honours a sane incoming x-request-id and echoes it', async () => {
    const { url, lines } = await server();
    const response = await fetch(url, { headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a:42');
    expect(await response.json()).toEqual({ id: 'lb-7f3a:42' });
    expect(lines).toContainEqual(expect.objectContaining({ reqId: 'lb-7f3a:42', msg: 'handling' }));
  });

  it.each([['x'.repeat(200)], ['has spaces in it'], ['quote"d'], ['']])(
    'replaces an unusable id %j with a uuid',
    async (incoming) => {
      const { url } = await server();
      const response = await fetch(url, { headers: { 'x-request-id': incoming } });
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(await response.json()).toEqual({ id });
    },
  );

  it('generates distinct ids per request', async () => {
    const { url } = await server();
    const [a, b] = await Promise.all([fetch(url), fetch(url)]);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('accessLog', () => {
  it('logs method, original target, status and duration with the request id', async () => {
    const { logger, lines } = captureLogger();
    const app = express();
    app.use(requestId({ logger }), accessLog());
    app.get('/v1/status', (_req, res) => {
      res.status(200).json({ message: 'OK' });
    });
    const server = await startServer(app);
    await (await fetch(`${server.url()}/v1/status?x=1`, { headers: { 'x-request-id': 'r-1' } })).text();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toContainEqual(
      expect.objectContaining({
        reqId: 'r-1',
        method: 'GET',
        target: '/v1/status?x=1',
        status: 200,
        msg: 'request completed',
        durationMs: expect.any(Number),
      }),
    );
  });
});

describe('accessLog and credentials in the query string', () => {
  it('logs the target with the value of every credential parameter replaced', async () => {
    const { logger, lines } = captureLogger();
    const app = express();
    app.use(requestId({ logger }), accessLog());
    app.get('/v1/payment', (_req, res) => {
      res.status(200).json({ data: [] });
    });
    const server = await startServer(app);
    const query =
      'limit=5&api_key=np-key-1&Token=tok-2&x-api-key=np-key-3&apikey=np-key-4&sign=sig-5&password=pw-6';
    await (await fetch(`${server.url()}/v1/payment?${query}`, { headers: { 'x-request-id': 'r-2' } })).text();
    await new Promise((resolve) => setImmediate(resolve));
    const line = lines.find((entry) => entry.reqId === 'r-2' && entry.msg === 'request completed');
    expect(line?.target).toBe(
      '/v1/payment?limit=5&api_key=[Redacted]&Token=[Redacted]&x-api-key=[Redacted]&apikey=[Redacted]&sign=[Redacted]&password=[Redacted]',
    );
    for (const secret of ['np-key-1', 'tok-2', 'np-key-3', 'np-key-4', 'sig-5', 'pw-6'])
      expect(JSON.stringify(lines)).not.toContain(secret);
  });
});

describe('accessLog below the logger level', () => {
  it('logs failures but never builds a request logger for a completed request', async () => {
    const { logger, lines } = captureLogger();
    logger.level = 'warn';
    const app = express();
    let requestLoggers = 0;
    app.use(requestId({ logger }), accessLog({ logger }));
    app.use((req, _res, next) => {
      const lazy = Object.getOwnPropertyDescriptor(req, 'log')!.get!;
      Object.defineProperty(req, 'log', {
        configurable: true,
        get: () => {
          requestLoggers++;
          return lazy();
        },
      });
      next();
    });
    app.get('/ok', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/broken', (_req, res) => {
      res.status(500).json({ ok: false });
    });
    const server = await startServer(app);
    await (await fetch(`${server.url()}/ok`)).text();
    await (await fetch(`${server.url()}/broken`)).text();
    await new Promise((resolve) => setImmediate(resolve));
    expect(requestLoggers).toBe(1);
    expect(lines.map((line) => line.msg)).toEqual(['request failed']);
  });
});

describe('asyncRoute', () => {
  it('hands a rejected promise to the error handler', async () => {
    const app = express();
    app.get(
      '/fails',
      asyncRoute(async () => {
        await Promise.resolve();
        throw new BadRequestError('price_amount must be a positive number');
      }),
    );
    app.get(
      '/works',
      asyncRoute(async (_req, res) => {
        res.json({ ok: true });
      }),
    );
    app.use(echoHttpErrors);
    const server = await startServer(app);
    const failed = await fetch(`${server.url()}/fails`);
    expect(failed.status).toBe(400);
    expect(await failed.json()).toMatchObject({
      code: 'bad_request',
      message: 'price_amount must be a positive number',
    });
    expect(await (await fetch(`${server.url()}/works`)).json()).toEqual({ ok: true });
  });
});

describe('pageSecurityHeaders', () => {
  it('sets a strict CSP that forbids framing, plus nosniff and no referrer', async () => {
    const app = express();
    app.get('/invoice/:id', pageSecurityHeaders(), (_req, res) => {
      res.send('<html></html>');
    });
    const server = await startServer(app);
    const response = await fetch(`${server.url()}/invoice/1`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('allows a fresh script nonce per response when asked', async () => {
    const app = express();
    app.get('/pay/:uuid', pageSecurityHeaders({ scriptNonce: true }), (_req, res) => {
      res.send(String(res.locals.cspNonce));
    });
    const server = await startServer(app);
    const first = await fetch(`${server.url()}/pay/a`);
    const second = await fetch(`${server.url()}/pay/a`);
    const nonce = await first.text();
    expect(first.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(await second.text()).not.toBe(nonce);
  });

  it('lets a page widen one directive and drops X-Frame-Options when framing is allowed', async () => {
    const app = express();
    app.get(
      '/',
      pageSecurityHeaders({ csp: { 'frame-ancestors': ['https://shop.example'] } }),
      (_req, res) => {
        res.send('ok');
      },
    );
    const server = await startServer(app);
    const response = await fetch(server.url());
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors https://shop.example');
    expect(response.headers.get('x-frame-options')).toBeNull();
  });
});

describe('buildCsp', () => {
  it('joins directives and writes valueless ones bare', () => {
    expect(buildCsp({ 'default-src': ["'self'"], 'upgrade-insecure-requests': true })).toBe(
      "default-src 'self'; upgrade-insecure-requests",
    );
  });

  it('refuses sources that would inject another directive', () => {
    expect(() => buildCsp({ 'script-src': ["'self'; script-src *"] })).toThrow(/invalid CSP source/);
  });
});

describe('noCors', () => {
  it('serves requests with non-URL Origin headers and grants no CORS', async () => {
    const app = express();
    app.use(noCors());
    app.get('/beta/v1/common/currencies', (_req, res) => {
      res.json({ status: 200 });
    });
    const server = await startServer(app);
    for (const origin of ['oxa-php-sdk-v-1.0.0', 'oxa-n8n-app-v-1.0.0', 'https://evil.example']) {
      const response = await fetch(`${server.url()}/beta/v1/common/currencies`, { headers: { origin } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});
