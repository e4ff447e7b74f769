import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { loadConfig, SpanKind, startTracing, withSpan, type Tracing } from '../src';

describe('spans of outgoing HTTP requests', () => {
  let exporter: InMemorySpanExporter;
  let tracing: Tracing | null;
  let server: http.Server;
  let port: number;
  const seen: (string | undefined)[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers.traceparent as string | undefined);
      res.writeHead(req.url?.startsWith('/missing') ? 404 : 200);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    exporter = new InMemorySpanExporter();
    tracing = startTracing('cryptogate-test', loadConfig({}).tracing, [new SimpleSpanProcessor(exporter)]);
  });
  afterEach(async () => {
    await tracing?.shutdown();
  });

  const clientSpans = () => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);

  it('makes a fetch a client span of the work that sent it, and carries the trace to the server', async () => {
    await withSpan('refresh prices', { kind: SpanKind.INTERNAL }, async () => {
      await (await fetch(`http://127.0.0.1:${port}/missing?key=secret`)).text();
    });
    const work = exporter.getFinishedSpans().find((span) => span.name === 'refresh prices')!;
    const [request] = clientSpans();
    expect(request).toMatchObject({
      name: 'GET',
      attributes: {
        'http.request.method': 'GET',
        'server.address': '127.0.0.1',
        'server.port': port,
        'url.scheme': 'http',
        'http.response.status_code': 404,
      },
    });
    expect(request!.parentSpanContext?.spanId).toBe(work.spanContext().spanId);
    expect(JSON.stringify(request!.attributes)).not.toContain('secret');
    expect(seen).toEqual([`00-${request!.spanContext().traceId}-${request!.spanContext().spanId}-01`]);
  });

  it('leaves a traceparent the caller set on the request as it is', async () => {
    const callers = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await (await fetch(`http://127.0.0.1:${port}/`, { headers: { traceparent: callers } })).text();
    expect(seen).toEqual([callers]);
  });

  it('makes a node:http request a client span too', async () => {
    await withSpan('send webhook', { kind: SpanKind.INTERNAL }, async () => {
      await new Promise<void>((resolve, reject) => {
        http
          .request({ method: 'POST', host: '127.0.0.1', port, path: '/hook' }, (res) => {
            res.resume();
            res.on('end', resolve);
          })
          .on('error', reject)
          .end('{}');
      });
    });
    // The request's span ends when the request closes, just after the response's end.
    const [request] = await new Promise<ReturnType<typeof clientSpans>>((resolve) => {
      const check = () => (clientSpans().length > 0 ? resolve(clientSpans()) : setImmediate(check));
      check();
    });
    expect(request).toMatchObject({
      name: 'POST',
      attributes: { 'server.port': port, 'http.response.status_code': 200, 'url.scheme': 'http' },
    });
  });

  it('makes none once tracing is shut down', async () => {
    await tracing?.shutdown();
    tracing = null;
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(seen).toEqual([undefined]);
  });
});
