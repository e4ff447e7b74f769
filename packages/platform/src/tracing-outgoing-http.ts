import diagnosticsChannel from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

/**
 * A client span for every outgoing HTTP request, from Node's own diagnostics channels: `http.client.*`
 * (node:http, node:https: webhooks) and `undici:request:*` (fetch: nodes' JSON-RPC, price feeds). The
 * channels are Node's, so this works in the esbuild bundle too, where a require hook never sees the
 * modules. A fetch carries the trace on (`traceparent`); node:http announces a request only once it is
 * ended, its headers gone, so its span starts there and carries nothing on (the webhook's own span,
 * `webhook <family>`, is its parent). Attributes name the server, not the URL:
 * a node provider's key or a merchant's token often sits in the path. The OTLP exporter's own requests
 * run with tracing suppressed and get none.
 */
export function traceOutgoingHttp(): () => void {
  const spans = new WeakMap<object, Span>();

  const start = (method: string, url: URL, addHeader?: (name: string, value: string) => void): Span => {
    const parent = context.active();
    const span = trace.getTracer('cryptogate').startSpan(
      method,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': method,
          'server.address': url.hostname,
          'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          'url.scheme': url.protocol.replace(/:$/, ''),
        },
      },
      parent,
    );
    if (addHeader) {
      const headers: Record<string, string> = {};
      propagation.inject(trace.setSpan(parent, span), headers);
      for (const [name, value] of Object.entries(headers)) addHeader(name, value);
    }
    return span;
  };
  const answered = (span: Span | undefined, status: number) => {
    span?.setAttribute('http.response.status_code', status);
    if (status >= 400) span?.setStatus({ code: SpanStatusCode.ERROR });
  };
  const failed = (span: Span | undefined, error: Error) => {
    span?.recordException(error);
    span?.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  };

  const handlers: [string, (message: unknown) => void][] = [
    [
      'http.client.request.start',
      (message) => {
        const { request } = message as { request: ClientRequest };
        // `host` is the name alone; the Host header has the port too, unless it is the scheme's default.
        const host = request.getHeader('host');
        const url = new URL(`${request.protocol}//${typeof host === 'string' ? host : request.host}`);
        const span = start(request.method, url);
        spans.set(request, span);
        request.once('close', () => span.end());
      },
    ],
    [
      'http.client.response.finish',
      (message) => {
        const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
        answered(spans.get(request), response.statusCode ?? 0);
      },
    ],
    [
      'http.client.request.error',
      (message) => {
        const { request, error } = message as { request: ClientRequest; error: Error };
        failed(spans.get(request), error);
      },
    ],
    [
      'undici:request:create',
      (message) => {
        const { request } = message as { request: UndiciRequest };
        // A request that carries a trace of its own (a caller's traceparent, passed on) keeps it.
        const span = start(request.method, new URL(request.path, request.origin), (name, value) => {
          if (!hasUndiciHeader(request, name)) addUndiciHeader(request, name, value);
        });
        spans.set(request, span);
      },
    ],
    [
      'undici:request:headers',
      (message) => {
        const { request, response } = message as { request: UndiciRequest; response: { statusCode: number } };
        answered(spans.get(request), response.statusCode);
      },
    ],
    [
      'undici:request:trailers',
      (message) => {
        const { request } = message as { request: UndiciRequest };
        spans.get(request)?.end();
        spans.delete(request);
      },
    ],
    [
      'undici:request:error',
      (message) => {
        const { request, error } = message as { request: UndiciRequest; error: Error };
        const span = spans.get(request);
        failed(span, error);
        span?.end();
        spans.delete(request);
      },
    ],
  ];
  for (const [channel, handler] of handlers) diagnosticsChannel.subscribe(channel, handler);
  return () => {
    for (const [channel, handler] of handlers) diagnosticsChannel.unsubscribe(channel, handler);
  };
}

/** What the `undici:request:*` channels carry of a request (undici's own Request, inside Node's fetch). */
interface UndiciRequest {
  method: string;
  origin: string;
  path: string;
  headers: string | string[];
  addHeader?(name: string, value: string): void;
}

/** Whether the request already has the header (a flat name/value array in undici 6, a raw string before). */
function hasUndiciHeader(request: UndiciRequest, name: string): boolean {
  if (Array.isArray(request.headers))
    return request.headers.some((entry, at) => at % 2 === 0 && entry.toLowerCase() === name);
  return new RegExp(`(^|\\r\\n)${name}:`, 'i').test(request.headers);
}

/** undici 6 has addHeader; older ones keep headers as a raw string or a flat name/value array. */
function addUndiciHeader(request: UndiciRequest, name: string, value: string): void {
  if (typeof request.addHeader === 'function') request.addHeader(name, value);
  else if (Array.isArray(request.headers)) request.headers.push(name, value);
  else request.headers += `${name}: ${value}\r\n`;
}
