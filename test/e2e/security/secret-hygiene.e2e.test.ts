import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger, SERVICE_NAMES, type ServiceName } from '@gw/platform';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { startTestGateway, TEST_ADMIN_TOKEN, type TestGateway } from '../../support/gateway';
import { MerchantCalls, type JsonBody } from './merchant-calls';

const MASTER_KEY = randomBytes(32);

/** Every line the gateway logs, at debug level, through the same logger factory production uses. */
class LogCapture extends Writable {
  private readonly chunks: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.chunks.push(chunk.toString('utf8'));
    done();
  }
  text(): string {
    return this.chunks.join('');
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('no secret reaches the logs or the data directory in clear', () => {
  const logs = new LogCapture();
  let gateway: TestGateway;
  let receiver: Server;
  const secrets: Record<string, string> = {};
  const webhooks: string[] = [];
  let merchantId = '';

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        webhooks.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    gateway = await startTestGateway({
      env: { LOG_LEVEL: 'debug', MASTER_KEY: MASTER_KEY.toString('hex') },
      logger: createLogger({ level: 'debug', destination: logs }),
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('runs a full lifecycle of every family, webhooks and admin calls included', async () => {
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ipn`;
    const admin = (method: string, url: string, body?: unknown) =>
      fetch(`${gateway.baseUrl}${url}`, {
        method,
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as JsonBody }));

    const created = await admin('POST', '/admin/v1/merchants', { name: 'Logged merchant' });
    expect(created.status).toBe(201);
    const rotated = await admin(
      'POST',
      `/admin/v1/merchants/${created.body.merchant_id}/keys/api-key/rotate`,
    );
    expect(rotated.status).toBe(200);
    merchantId = created.body.merchant_id;
    Object.assign(secrets, {
      'admin token': TEST_ADMIN_TOKEN,
      'master key (hex)': MASTER_KEY.toString('hex'),
      'master key (base64)': MASTER_KEY.toString('base64'),
      'first V1 api key': created.body.api_key,
      'V1 api key': rotated.body.api_key,
      'family B api key': created.body.beta_api_key,
      'family A payment key': created.body.payment_key,
      'IPN secret': created.body.ipn_secret,
    });
    const merchant = new MerchantCalls(gateway.baseUrl, {
      merchantId: created.body.merchant_id,
      apiKey: rotated.body.api_key,
      betaApiKey: created.body.beta_api_key,
      paymentKey: created.body.payment_key,
      ipnSecret: created.body.ipn_secret,
    });

    const v1 = await merchant.v1('POST', '/v1/payment', {
      price_amount: 20,
      price_currency: 'usd',
      pay_currency: 'btc',
      ipn_callback_url: callbackUrl,
    });
    const alpha = await merchant.alpha('/alpha/v1/payment', {
      amount: '20',
      currency: 'USD',
      order_id: 'logged-1',
      network: 'tron',
      to_currency: 'USDT',
      url_callback: callbackUrl,
    });
    const beta = await merchant.beta('POST', '/beta/v1/payment/invoice', {
      amount: 20,
      currency: 'USD',
      callback_url: callbackUrl,
    });
    expect([v1.status, alpha.status, beta.status]).toEqual([201, 200, 200]);
    const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
    const projected = async (filter: Record<string, string>): Promise<number> => {
      for (let waited = 0; waited < 5_000; waited += 25) {
        const payment = await payments.findOne(filter);
        if (payment) return payment.paymentId;
        await pause(25);
      }
      throw new Error(`no payment ${JSON.stringify(filter)}`);
    };
    const ids = [
      v1.body.payment_id as number,
      await projected({ uuid: alpha.body.result.uuid }),
      await projected({ trackId: beta.body.data.track_id }),
    ];
    for (const id of ids) {
      const paid = await merchant.v1('POST', `/sandbox/v1/payments/${id}/pay`, {});
      expect(paid.status).toBe(202);
    }
    for (let waited = 0; webhooks.length < 6 && waited < 15_000; waited += 50) await pause(50);
    expect(webhooks.length).toBeGreaterThanOrEqual(6);

    // Refused calls log their failure too, with whatever the caller presented.
    await merchant.alpha('/alpha/v1/payment/info', { uuid: 'not-a-uuid' });
    await fetch(`${gateway.baseUrl}/v1/payment/1`, { headers: { 'x-api-key': created.body.api_key } });
    await fetch(`${gateway.baseUrl}/admin/v1/merchants`, {
      headers: { authorization: 'Bearer wrong-token' },
    });
    expect((await merchant.v1('GET', `/v1/payment/${v1.body.payment_id}`)).status).toBe(200);
  });

  it('logs at debug level without any of the secrets used', () => {
    const text = logs.text();
    for (const target of [
      '/admin/v1/merchants',
      '/v1/payment',
      '/alpha/v1/payment',
      '/beta/v1/payment/invoice',
    ])
      expect(text).toContain(`"target":"${target}"`);
    expect(text).toContain('"level":"debug"');
    const leaked = Object.entries(secrets).filter(([, secret]) => text.includes(secret));
    expect(leaked.map(([name]) => name)).toEqual([]);
  });

  it("names each line's service once, as the service that wrote it", () => {
    const lines = logs.text().trim().split('\n');
    const services = new Set(lines.map((line) => (JSON.parse(line) as { service?: string }).service));
    expect(services).toContain('all');
    expect(services).toContain('rates');
    expect([...services].filter((service) => !SERVICE_NAMES.includes(service as ServiceName))).toEqual([]);
    const repeated = lines.filter((line) => (line.match(/"service":/g) ?? []).length > 1);
    expect(repeated).toEqual([]);
  });

  it('stores API keys hashed and signing keys sealed: no key is in clear in the data directory', async () => {
    const files = await readdir(gateway.dataDir, { recursive: true, withFileTypes: true });
    const contents = await Promise.all(
      files
        .filter((file) => file.isFile())
        .map((file) => readFile(path.join(file.parentPath ?? file.path, file.name), 'utf8')),
    );
    const stored = contents.join('\n');
    expect(stored).toContain(merchantId);
    const merchantSecrets = Object.entries(secrets).filter(([name]) => !/admin|master/.test(name));
    expect(merchantSecrets.filter(([, secret]) => stored.includes(secret)).map(([name]) => name)).toEqual([]);
  });
});
