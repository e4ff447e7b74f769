import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedGatewayProcess } from '../../support/embedded-gateway-process';
import { webhookCall } from '../../support/chain/webhook-calls';
import { startReceiver, type Receiver } from '../notifier/support/receiver';

interface Export {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An OTLP/HTTP collector stand-in on 127.0.0.1: records every export and accepts it. */
async function startCollector(): Promise<{ url: string; exports: Export[]; close(): Promise<void> }> {
  const exports: Export[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      exports.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * `gateway start` as its own process, as a deployment runs it, exporting to a collector that asks for
 * an API key: the spans arrive with the OTEL_EXPORTER_OTLP_*HEADERS, the webhook it sends (an outgoing
 * HTTP request) among them.
 */
describe('traces exported over OTLP/HTTP with the configured headers', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let receiver: Receiver;
  let dataDir: string;
  let gateway: EmbeddedGatewayProcess | undefined;

  beforeAll(async () => {
    collector = await startCollector();
    receiver = await startReceiver();
    dataDir = await mkdtemp(path.join(tmpdir(), 'otlp-export-'));
  });
  afterAll(async () => {
    await gateway?.kill('SIGKILL').catch(() => undefined);
    await receiver.close();
    await collector.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends the spans of a create and its webhook to the collector, with the headers', async () => {
    // The traces-only headers come from a mounted secret file, which only the gateway's configuration reads.
    const headersFile = path.join(dataDir, 'otlp-traces-headers');
    await writeFile(headersFile, 'X-Api-Key=for-traces\n');
    gateway = await EmbeddedGatewayProcess.start(dataDir, true, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=general,authorization=Basic%20c2VjcmV0',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS_FILE: headersFile,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    });
    const created = await fetch(`${gateway.url}/v1/payment`, {
      method: 'POST',
      headers: { 'x-api-key': gateway.demoMerchant!.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        price_amount: 100,
        price_currency: 'usd',
        pay_currency: 'btc',
        order_id: 'otlp-1',
        ipn_callback_url: `${receiver.url}/ipn`,
      }),
    });
    expect(created.status).toBe(201);
    const ipn = await webhookCall(receiver, () => true);
    expect(ipn.json.payment_status).toBe('waiting');
    // SIGTERM drains the gateway, which flushes the spans it still buffers before it exits.
    await gateway.kill('SIGTERM');
    gateway = undefined;

    expect(collector.exports.length).toBeGreaterThan(0);
    for (const sent of collector.exports) {
      expect(sent.path).toBe('/v1/traces');
      expect(sent.headers).toMatchObject({
        'content-type': 'application/x-protobuf',
        'x-api-key': 'for-traces',
        authorization: 'Basic c2VjcmV0',
      });
    }
    // Protobuf keeps strings as they are: the service, the request's and the webhook's spans, and the
    // attributes only the outgoing HTTP request's span has, are in what was sent.
    const sent = Buffer.concat(collector.exports.map((e) => e.body));
    for (const text of ['cryptogate-all', 'POST /v1/payment', 'webhook v1', 'url.scheme', 'server.port'])
      expect({ text, found: sent.includes(text) }).toEqual({ text, found: true });
  });
});
