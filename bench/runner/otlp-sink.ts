import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OTLP/HTTP traces endpoint that accepts every export and keeps nothing: what `--traced` points the
 * gateway at, so a run pays for recording and exporting spans, not for a collector's work.
 */
export async function startOtlpSink(): Promise<{
  url: string;
  exports: () => number;
  close(): Promise<void>;
}> {
  let exports = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    exports: () => exports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
