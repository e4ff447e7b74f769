import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  at: number;
}

export type Reply = (call: ReceivedCall, res: http.ServerResponse) => void;

/** A merchant's webhook endpoint on 127.0.0.1, recording every call it gets. */
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

export async function startReceiver(reply: Reply = replyWith(200)): Promise<Receiver> {
  let current = reply;
  const calls: ReceivedCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call = {
        path: req.url ?? '/',
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
        at: Date.now(),
      };
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
