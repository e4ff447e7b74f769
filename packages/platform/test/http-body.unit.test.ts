import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { formBody, jsonBody, jsonDepth, parseBody } from '../src';
import { echoHttpErrors } from './support/error-echo';
import { bodyOf, rawExchange, statusLine } from './support/raw-http';
import { startServer, stopStartedServers } from './support/servers';

afterEach(stopStartedServers);

async function echoServer(parser: express.RequestHandler) {
  const app = express();
  app.post('/echo', parser, (req, res) => {
    res.json({ body: req.body, raw: req.rawBody?.toString('base64') ?? null });
  });
  app.use(echoHttpErrors);
  const server = await startServer(app);
  const post = (
    body: string | Buffer,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) =>
    fetch(`${server.url()}/echo`, { method: 'POST', body, headers }).then(async (response) => ({
      status: response.status,
      json: (await response.json()) as {
        body?: unknown;
        raw?: string | null;
        code?: string;
        name?: string;
        message?: string;
      },
    }));
  return { server, post };
}

describe('jsonBody', () => {
  it('parses JSON and keeps the exact bytes it received', async () => {
    const { post } = await echoServer(jsonBody());
    const sent = '{"amount": "10.00",  "url_callback":"https:\\/\\/shop.example\\/ipn","note":"café"}';
    const { status, json } = await post(sent);
    expect(status).toBe(200);
    expect(json.body).toEqual({ amount: '10.00', url_callback: 'https://shop.example/ipn', note: 'café' });
    expect(Buffer.from(json.raw ?? '', 'base64').toString('utf8')).toBe(sent);
  });

  it('lets a family A signature be checked over the raw bytes', async () => {
    const app = express();
    const apiKey = 'payment-key-123';
    app.post('/alpha/v1/payment', jsonBody(), (req, res) => {
      const expected = createHash('md5')
        .update((req.rawBody ?? Buffer.alloc(0)).toString('base64') + apiKey)
        .digest('hex');
      res.json({ valid: req.headers.sign === expected });
    });
    const server = await startServer(app);
    const body = '{"amount": "15", "currency": "USD", "order_id": "A-1"}';
    const sign = createHash('md5')
      .update(Buffer.from(body).toString('base64') + apiKey)
      .digest('hex');
    const response = await fetch(`${server.url()}/alpha/v1/payment`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json;charset=UTF-8', sign },
    });
    expect(await response.json()).toEqual({ valid: true });
  });

  it.each([
    'application/json;charset=utf-8',
    'application/json; charset=UTF-8',
    'application/json; charset="utf-8"',
    'Application/JSON',
    'application/vnd.api+json',
  ])('accepts Content-Type %s', async (contentType) => {
    const { post } = await echoServer(jsonBody());
    const { status, json } = await post('{"a":1}', { 'content-type': contentType });
    expect(status).toBe(200);
    expect(json.body).toEqual({ a: 1 });
  });

  it('treats an empty body as {} with empty raw bytes (parameterless SDK calls)', async () => {
    const { post } = await echoServer(jsonBody());
    const { status, json } = await post('', { 'content-type': 'application/json' });
    expect(status).toBe(200);
    expect(json).toEqual({ body: {}, raw: '' });
  });

  it('accepts a JSON array body ([] from the PHP SDK)', async () => {
    const { post } = await echoServer(jsonBody());
    const { status, json } = await post('[]');
    expect(status).toBe(200);
    expect(json.body).toEqual([]);
  });

  it('reports malformed JSON as a 400 MalformedJsonError', async () => {
    const { post } = await echoServer(jsonBody());
    const { status, json } = await post('{"amount": ');
    expect(status).toBe(400);
    expect(json).toMatchObject({ name: 'MalformedJsonError', code: 'malformed_json' });
  });

  it('refuses a bare JSON value that is not an object or array', async () => {
    const { post } = await echoServer(jsonBody());
    const { status, json } = await post('"just a string"');
    expect(status).toBe(400);
    expect(json.code).toBe('malformed_json');
  });

  it('reports invalid UTF-8 as a 400', async () => {
    const { post } = await echoServer(jsonBody());
    const { status, json } = await post(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]));
    expect(status).toBe(400);
    expect(json.code).toBe('invalid_encoding');
  });

  it('reports an oversized body as a 413 PayloadTooLargeError', async () => {
    const { post } = await echoServer(jsonBody({ limitBytes: 64 }));
    const { status, json } = await post(JSON.stringify({ note: 'x'.repeat(100) }));
    expect(status).toBe(413);
    expect(json).toMatchObject({ name: 'PayloadTooLargeError', code: 'payload_too_large' });
  });

  it('applies the limit to the decompressed size', async () => {
    const { post } = await echoServer(jsonBody({ limitBytes: 1024 }));
    const bomb = gzipSync(JSON.stringify({ note: 'x'.repeat(50_000) }));
    expect(bomb.length).toBeLessThan(1024);
    const { status } = await post(bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(status).toBe(413);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['form-encoded', 'application/x-www-form-urlencoded'],
    ['a non-UTF-8 charset', 'application/json; charset=latin1'],
  ])('reports %s as a 415 UnsupportedMediaTypeError', async (_label, contentType) => {
    const { post } = await echoServer(jsonBody());
    const { status, json } = await post('{"a":1}', { 'content-type': contentType });
    expect(status).toBe(415);
    expect(json).toMatchObject({ name: 'UnsupportedMediaTypeError', code: 'unsupported_media_type' });
  });

  it('reports a non-empty body without Content-Type as a 415', async () => {
    const { server } = await echoServer(jsonBody());
    const response = await rawExchange(
      server.port,
      'POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 7\r\nConnection: close\r\n\r\n{"a":1}',
    );
    expect(statusLine(response)).toBe('HTTP/1.1 415 Unsupported Media Type');
  });

  it('reports an unknown Content-Encoding as a 415', async () => {
    const { post } = await echoServer(jsonBody());
    const { status } = await post('{"a":1}', {
      'content-type': 'application/json',
      'content-encoding': 'x-unknown',
    });
    expect(status).toBe(415);
  });

  it('refuses bodies nested deeper than 32 with a 400 JsonTooDeepError', async () => {
    const { post } = await echoServer(jsonBody());
    const atLimit = `${'['.repeat(32)}${']'.repeat(32)}`;
    expect((await post(atLimit)).status).toBe(200);
    const tooDeep = `${'['.repeat(33)}${']'.repeat(33)}`;
    const { status, json } = await post(tooDeep);
    expect(status).toBe(400);
    expect(json).toMatchObject({ name: 'JsonTooDeepError', code: 'json_too_deep' });
  });

  it('refuses a huge nesting bomb without parsing it', async () => {
    const { post } = await echoServer(jsonBody({ limitBytes: 1024 * 1024 }));
    const { status, json } = await post('['.repeat(200_000));
    expect(status).toBe(400);
    expect(json.code).toBe('json_too_deep');
  });

  it('does not parse twice when two parsers are stacked', async () => {
    const { post } = await echoServer(express.Router().use(jsonBody(), jsonBody()));
    const { status, json } = await post('{"a":1}');
    expect(status).toBe(200);
    expect(json.body).toEqual({ a: 1 });
  });
  it('leaves a body already parsed by another parser alone', async () => {
    const { post } = await echoServer(express.Router().use(express.json(), jsonBody()));
    const { status, json } = await post('{"a":1}');
    expect(status).toBe(200);
    expect(json).toEqual({ body: { a: 1 }, raw: null });
  });
});

describe('formBody', () => {
  it('parses form-encoded fields, repeated keys as arrays, and keeps the raw bytes', async () => {
    const { post } = await echoServer(formBody());
    const sent = 'order_id=A-1&note=caf%C3%A9+latte&coin=btc&coin=eth&__proto__=x';
    const { status, json } = await post(sent, {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    });
    expect(status).toBe(200);
    expect(json.body).toEqual({
      order_id: 'A-1',
      note: 'café latte',
      coin: ['btc', 'eth'],
      ['__proto__']: 'x',
    });
    expect(Buffer.from(json.raw ?? '', 'base64').toString()).toBe(sent);
  });

  it('reports JSON sent to a form route as a 415', async () => {
    const { post } = await echoServer(formBody());
    expect((await post('{"a":1}')).status).toBe(415);
  });
});

describe('parseBody accepting both formats', () => {
  it('parses whichever of JSON and form the client sent', async () => {
    const { post } = await echoServer(parseBody({ accept: ['json', 'form'] }));
    expect((await post('{"a":"1"}')).json.body).toEqual({ a: '1' });
    expect((await post('a=1', { 'content-type': 'application/x-www-form-urlencoded' })).json.body).toEqual({
      a: '1',
    });
  });
});

describe('jsonDepth', () => {
  it.each([
    ['{}', 1],
    ['[]', 1],
    ['1', 0],
    ['{"a":[{"b":[]}]}', 4],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[["}', 1],
    ['{"a":"\\\\","b":[[]]}', 3],
  ])('measures %s as %i', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth('['.repeat(1000), 5)).toBe(6);
  });
});

it('keeps raw bytes readable through a raw socket exchange', async () => {
  const { server } = await echoServer(jsonBody());
  const body = '{"a": 1}';
  const response = await rawExchange(
    server.port,
    `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  );
  expect(JSON.parse(bodyOf(response))).toEqual({ body: { a: 1 }, raw: Buffer.from(body).toString('base64') });
});
