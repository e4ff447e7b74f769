import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

const JSON_WITH_UTF8 = /^application\/json\s*;\s*charset=utf-8$/i;

/**
 * Answers JSON as `Content-Type: application/json`, without the `; charset=utf-8` express adds to every
 * string body. Upstreams built on Laravel (Cryptomus, OxaPay) send the bare type, and some OxaPay
 * clients parse a body only when the type is exactly that; JSON is UTF-8 by definition (RFC 8259).
 * The header is rewritten as the headers go out, so replayed and error answers are covered too.
 */
export function bareJsonContentType(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const type = this.getHeader('content-type');
      if (typeof type === 'string' && JSON_WITH_UTF8.test(type))
        this.setHeader('content-type', 'application/json');
      return (writeHead as (...values: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
