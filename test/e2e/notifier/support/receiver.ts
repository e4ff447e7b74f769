import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  json: Record<string, unknown>;
  at: number;
}

export type Reply = (call: ReceivedCall, res: http.ServerResponse) => void;

/** A merchant's webhook endpoint on 127.0.0.1 that records every call. */
export interface Receiver {
  url: string;
  port: number;
  calls: ReceivedCall[];
  setReply(reply: Reply): void;
  close(): Promise<void>;
}

export const replyWith =
  (status: number, body = 'ok'): Reply =>
  (_call, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };

/** Fails the first `times` calls with `status`, then answers 200 ok. */
export function failTimes(times: number, status = 503): Reply {
  let left = times;
  return (call, res) => (left-- > 0 ? replyWith(status, 'down')(call, res) : replyWith(200)(call, res));
}

export async function startReceiver(reply: Reply = replyWith(200)): Promise<Receiver> {
  let current = reply;
  const calls: ReceivedCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      } catch {
        json = {};
      }
      const call = { path: req.url ?? '/', headers: req.headers, rawBody, json, at: Date.now() };
      calls.push(call);
      current(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    setReply(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
