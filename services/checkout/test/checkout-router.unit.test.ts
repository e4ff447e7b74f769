import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, createLogger, ManualClock } from '@gw/platform';
import { CuratedPriceFeed, RatesService } from '@gw/pricing';
import type { ServiceContext } from '@gw/application';
import express from 'express';
import { createCheckoutRouter } from '../src/checkout-router';

/** The router inside an app like the gateway's, with a read-model store that fails on every read. */
let server: Server;
let baseUrl: string;
const failures: unknown[] = [];

beforeAll(async () => {
  const rates = new RatesService(await new CuratedPriceFeed().snapshot());
  const logger = createLogger({ level: 'silent' });
  const ctx = {
    config: loadConfig({ DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent' }),
    logger: Object.assign(Object.create(logger), { error: (entry: unknown) => failures.push(entry) }),
    clock: new ManualClock('2025-01-01T00:00:00Z'),
    rates: { current: () => rates, live: () => null, fixed: () => rates, refresh: async () => undefined },
    readModels: {
      collection: () => ({
        get: () => Promise.reject(new Error('read model store exploded at /secret/path.ts:12')),
        findOne: () => Promise.reject(new Error('read model store exploded at /secret/path.ts:12')),
        find: () => Promise.reject(new Error('read model store exploded at /secret/path.ts:12')),
      }),
    },
  } as unknown as ServiceContext;
  const app = express();
  app.use(createCheckoutRouter(ctx));
  app.use((_req, res) => res.status(404).json({ error: 'Not Found', message: 'No such endpoint' }));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the checkout router', () => {
  it('answers a failure with a plain 500 page and logs it, never showing the error', async () => {
    const response = await fetch(`${baseUrl}/pay/0f8fad5b-d9cb-469f-a165-70867728950e`);
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain('Something went wrong');
    expect(page).not.toContain('exploded');
    expect(page).not.toContain('.ts');
    expect(failures).toHaveLength(1);
  });

  it('refuses an oversized form post with a page, before reading anything', async () => {
    const response = await fetch(`${baseUrl}/invoice/abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `pay_currency=${'x'.repeat(5000)}`,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('sends strict page headers on its own paths', async () => {
    const response = await fetch(`${baseUrl}/pay/not-a-payment`);
    expect(response.status).toBe(404);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('leaves every other path to the rest of the gateway', async () => {
    for (const path of ['/v1/payment/1', '/payments', '/invoices', '/static/other.js']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not Found', message: 'No such endpoint' });
      expect(response.headers.get('content-security-policy')).toBeNull();
    }
  });

  it('serves the script cacheable for good only under its current version', async () => {
    const page = await fetch(`${baseUrl}/static/checkout/checkout.js?v=old`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const logo = await fetch(`${baseUrl}/static/coins/btc.svg`);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(await logo.text()).toContain('>BTC<');
  });
});
