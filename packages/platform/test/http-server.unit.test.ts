import net from 'node:net';
import express from 'express';
import { bodyOf, headerOf, rawExchange, statusLine } from './support/raw-http';
import { startServer, stopStartedServers } from './support/servers';

afterEach(stopStartedServers);

function statusApp() {
  const app = express();
  const seen: Array<{ url: string; originalTarget: string | undefined; host: string | undefined }> = [];
  app.get('/v1/status', (req, res) => {
    seen.push({ url: req.url, originalTarget: req.requestTarget, host: req.headers.host });
    res.json({ message: 'OK', query: req.query });
  });
  app.options('/v1/status', (_req, res) => {
    res.status(204).end();
  });
  return { app, seen };
}

describe('request-target forms (RFC 9112 §3.2)', () => {
  it('routes origin-form', async () => {
    const { app, seen } = statusApp();
    const { port } = await startServer(app);
    const response = await rawExchange(
      port,
      'GET /v1/status?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(statusLine(response)).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(bodyOf(response))).toEqual({ message: 'OK', query: { x: '1' } });
    expect(seen).toEqual([{ url: '/v1/status?x=1', originalTarget: '/v1/status?x=1', host: '127.0.0.1' }]);
  });

  it('routes absolute-form by its path and query, keeping the original target', async () => {
    const { app, seen } = statusApp();
    const { port } = await startServer(app);
    const response = await rawExchange(
      port,
      'GET http://api.nowpayments.io/v1/status?x=1 HTTP/1.1\r\nHost: api.nowpayments.io\r\nConnection: close\r\n\r\n',
    );
    expect(statusLine(response)).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(bodyOf(response))).toEqual({ message: 'OK', query: { x: '1' } });
    expect(seen).toEqual([
      {
        url: '/v1/status?x=1',
        originalTarget: 'http://api.nowpayments.io/v1/status?x=1',
        host: 'api.nowpayments.io',
      },
    ]);
  });

  it('takes the host of an absolute-form target over a different Host header', async () => {
    const { app, seen } = statusApp();
    const { port } = await startServer(app);
    await rawExchange(
      port,
      'GET https://gateway.example:8443/v1/status HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n',
    );
    expect(seen[0]?.host).toBe('gateway.example:8443');
  });

  it('routes an absolute-form target without a path to /', async () => {
    const app = express();
    app.get('/', (_req, res) => {
      res.send('root');
    });
    const { port } = await startServer(app);
    const response = await rawExchange(
      port,
      'GET http://api.nowpayments.io HTTP/1.1\r\nHost: api.nowpayments.io\r\nConnection: close\r\n\r\n',
    );
    expect(statusLine(response)).toBe('HTTP/1.1 200 OK');
    expect(bodyOf(response)).toBe('root');
  });

  it('refuses an absolute-form target carrying userinfo', async () => {
    const { app, seen } = statusApp();
    const { port } = await startServer(app);
    const response = await rawExchange(
      port,
      'GET http://user:pw@api.nowpayments.io/v1/status HTTP/1.1\r\nHost: api.nowpayments.io\r\n\r\n',
    );
    expect(statusLine(response)).toBe('HTTP/1.1 400 Bad Request');
    expect(seen).toEqual([]);
  });

  it('answers OPTIONS * with 200 and Allow, without routing', async () => {
    const app = jest.fn();
    const { port } = await startServer(app);
    const response = await rawExchange(
      port,
      'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(statusLine(response)).toBe('HTTP/1.1 200 OK');
    expect(headerOf(response, 'allow')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(headerOf(response, 'content-length')).toBe('0');
    expect(app).not.toHaveBeenCalled();
  });

  it('refuses the asterisk-form with any method but OPTIONS', async () => {
    const app = jest.fn();
    const { port } = await startServer(app);
    const response = await rawExchange(port, 'GET * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(statusLine(response)).toBe('HTTP/1.1 400 Bad Request');
    expect(app).not.toHaveBeenCalled();
  });

  it('answers CONNECT (authority-form) with 405 instead of hanging', async () => {
    const app = jest.fn();
    const { port } = await startServer(app);
    const response = await rawExchange(
      port,
      'CONNECT api.nowpayments.io:443 HTTP/1.1\r\nHost: api.nowpayments.io:443\r\n\r\n',
    );
    expect(statusLine(response)).toBe('HTTP/1.1 405 Method Not Allowed');
    expect(headerOf(response, 'allow')).toContain('GET');
    expect(app).not.toHaveBeenCalled();
  });

  it('refuses authority-form with a method other than CONNECT', async () => {
    const app = jest.fn();
    const { port } = await startServer(app);
    const response = await rawExchange(
      port,
      'GET api.nowpayments.io:443 HTTP/1.1\r\nHost: api.nowpayments.io\r\n\r\n',
    );
    expect(statusLine(response)).toMatch(/^HTTP\/1\.1 400 /);
    expect(app).not.toHaveBeenCalled();
  });
});

describe('clients that half-close after their request', () => {
  it('still get the answer of a handler that takes its time', async () => {
    const app = express();
    app.get('/v1/status', (_req, res) => void setTimeout(() => res.json({ message: 'OK' }), 100));
    const { port } = await startServer(app);
    const response = await rawExchange(port, 'GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 3_000, {
      halfClose: true,
    });
    expect(statusLine(response)).toBe('HTTP/1.1 200 OK');
    expect(bodyOf(response)).toBe('{"message":"OK"}');
  });
});

describe('slow clients', () => {
  it('drops a client that never finishes its headers once headersTimeout passes', async () => {
    const app = jest.fn();
    const { port } = await startServer(app, { headersTimeoutMs: 200, requestTimeoutMs: 400 });
    // The 408 is the server's timeout answering; without it the exchange would end empty.
    const response = await rawExchange(
      port,
      'GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      30_000,
    );
    expect(statusLine(response)).toBe('HTTP/1.1 408 Request Timeout');
    expect(app).not.toHaveBeenCalled();
  });

  it('drops a client that trickles its body past requestTimeout', async () => {
    const app = express();
    app.post('/v1/payment', (req, res) => {
      req.resume();
      req.on('end', () => res.send('read'));
    });
    const { port } = await startServer(app, { headersTimeoutMs: 100, requestTimeoutMs: 300 });
    const response = await rawExchange(
      port,
      'POST /v1/payment HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"price',
      30_000,
    );
    expect(statusLine(response)).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('refuses a header block larger than maxHeaderSize', async () => {
    const app = jest.fn();
    const { port } = await startServer(app, { maxHeaderSize: 1024 });
    const response = await rawExchange(
      port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(2048)}\r\n\r\n`,
    );
    expect(statusLine(response)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(app).not.toHaveBeenCalled();
  });

  it('rejects headersTimeout above requestTimeout', async () => {
    await expect(
      startServer(jest.fn(), { headersTimeoutMs: 2_000, requestTimeoutMs: 1_000 }),
    ).rejects.toThrow(RangeError);
  });
});

describe('graceful stop', () => {
  function slowApp() {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let markArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      markArrived = resolve;
    });
    const app = express();
    app.get('/slow', (_req, res) => {
      markArrived();
      void released.then(() => res.send('done'));
    });
    app.get('/fast', (_req, res) => {
      res.send('fast');
    });
    return { app, release, arrived };
  }

  it('finishes in-flight requests, closes idle keep-alive connections and stops accepting', async () => {
    const { app, release, arrived } = slowApp();
    const server = await startServer(app);
    const base = server.url();
    const idle = net.connect({ host: '127.0.0.1', port: server.port });
    const idleClosed = new Promise<void>((resolve) => idle.on('close', () => resolve()));
    await new Promise<void>((resolve) => idle.once('connect', () => resolve()));

    const inFlight = fetch(`${base}/slow`);
    await arrived;
    let stopped = false;
    const stopping = server.stop(5_000).then(() => {
      stopped = true;
    });
    await idleClosed;
    await expect(fetch(`${base}/fast`)).rejects.toThrow();
    expect(stopped).toBe(false);

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.text()).toBe('done');
    await stopping;
    expect(server.server.listening).toBe(false);
  });

  it('cuts in-flight requests off at the deadline', async () => {
    const { app, arrived } = slowApp();
    const server = await startServer(app);
    const inFlight = fetch(`${server.url()}/slow`).then(
      () => 'answered',
      () => 'cut off',
    );
    await arrived;
    const started = Date.now();
    await server.stop(150);
    // Not before the deadline; 'cut off' (the handler never answers) shows it did not wait for more.
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(await inFlight).toBe('cut off');
  });

  it('can be stopped twice and before it started', async () => {
    const server = await startServer(express());
    await Promise.all([server.stop(), server.stop()]);
    const { createHttpServer } = await import('../src');
    await expect(createHttpServer(express()).stop()).resolves.toBeUndefined();
  });

  it('reports a port already in use when starting', async () => {
    const first = await startServer(express());
    const { createHttpServer } = await import('../src');
    await expect(createHttpServer(express()).start(first.port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
  });
});
