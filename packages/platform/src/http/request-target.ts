import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export const DEFAULT_ALLOWED_METHODS: readonly string[] = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
];

const ABSOLUTE_FORM = /^(https?):\/\/([^/?#]*)(.*)$/is;

/**
 * Brings every request-target form RFC 9112 §3.2 requires of an origin server to origin-form before the
 * application sees it. Returns false when the request was answered here and must not be routed.
 * - origin-form `/v1/status?x=1`: routed as is;
 * - absolute-form `http://host/v1/status`: routed by its path and query; Host is replaced by the target's
 *   authority as §3.2.2 requires, and the original target stays on `req.requestTarget` for logs;
 * - asterisk-form `*`: only meaningful for OPTIONS, answered with the server-wide Allow list.
 */
export function routeRequestTarget(
  req: IncomingMessage,
  res: ServerResponse,
  allowedMethods: readonly string[],
): boolean {
  const target = req.url ?? '';
  req.requestTarget = target;
  if (target.startsWith('/')) return true;

  if (target === '*') {
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { allow: allowedMethods.join(', '), 'content-length': '0' }).end();
    } else {
      rejectTarget(res, 'asterisk-form is only valid with OPTIONS');
    }
    return false;
  }

  const absolute = ABSOLUTE_FORM.exec(target);
  if (absolute) {
    const authority = absolute[2] ?? '';
    if (authority === '' || authority.includes('@')) {
      rejectTarget(res, 'absolute-form target needs a host and no userinfo');
      return false;
    }
    const rest = absolute[3] ?? '';
    req.url = rest === '' ? '/' : rest.startsWith('/') ? rest : `/${rest}`;
    req.headers.host = authority;
    return true;
  }

  rejectTarget(res, 'unsupported request-target form');
  return false;
}

/** CONNECT asks a proxy to open a tunnel; an origin server refuses instead of leaving the client hanging. */
export function refuseConnect(socket: Duplex, allowedMethods: readonly string[]): void {
  const body = 'This server is not a proxy\n';
  socket.end(
    'HTTP/1.1 405 Method Not Allowed\r\n' +
      `Allow: ${allowedMethods.join(', ')}\r\n` +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

function rejectTarget(res: ServerResponse, reason: string): void {
  const body = `Bad Request: ${reason}\n`;
  res
    .writeHead(400, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    })
    .end(body);
}
