import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { RequestCancelledError } from '@gw/bus';
import type { Cache } from '@gw/cache';
import { createLogger, sha256Hex, systemClock, type GatewayConfig } from '@gw/platform';
import { CuratedPriceFeed, RatesService } from '@gw/pricing';
import { CommandTimeoutError, SandboxPayAddresses, type ServiceContext } from '@gw/application';
import type { ReadModelStore } from '@gw/store';
import express from 'express';
import { createGatewayV1Service } from '../src';
import { merchantDocument } from './fixtures';

const API_KEY = 'unit-test-api-key';

/** A context whose payments never answer, to see how the V1 router reports that. */
async function startWith(failure: Error): Promise<{ url: string; close: () => Promise<void> }> {
  const merchant = merchantDocument({ apiKeyHash: sha256Hex(API_KEY) });
  const readModels = {
    collection: () => ({
      findOne: async (filter: Record<string, unknown>) =>
        filter.apiKeyHash === merchant.apiKeyHash ? merchant : null,
      get: async () => merchant,
    }),
  } as unknown as ReadModelStore;
  const cache = {
    get: async () => null,
    set: async () => {},
    delete: async () => {},
    setIfAbsent: async () => true,
  } as unknown as Cache;
  const rates = new RatesService(await new CuratedPriceFeed().snapshot());
  const ctx = {
    config: {
      baseUrl: 'http://localhost',
      bodyLimitBytes: 100_000,
      requestTimeoutMs: 1_000,
      sandboxEnabled: true,
      paymentLifetimeMinutes: 60,
      rateLimitsPerMinute: { v1: 0, alpha: 0, beta: 0 },
      chainWatchers: { nodes: {}, chains: { btc: 'mainnet', ltc: 'mainnet' }, pollIntervalMs: 2000 },
      prices: { maxAgeSeconds: 600 },
    } as GatewayConfig,
    logger: createLogger({ level: 'silent', service: 'gateway-v1' }),
    clock: systemClock,
    readModels,
    cache,
    idempotencyRecords: cache,
    rates: { current: () => rates, live: () => null, fixed: () => rates, refresh: async () => undefined },
    addresses: new SandboxPayAddresses({
      allocate: async () => ({ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', extraId: null }),
    }),
    commands: {
      send: async () => {
        throw failure;
      },
    },
  } as unknown as ServiceContext;
  const app = express();
  app.use(createGatewayV1Service(ctx).router!);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const createPayment = (url: string) =>
  fetch(`${url}/v1/payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ price_amount: 100, price_currency: 'usd', pay_currency: 'btc' }),
  });

describe('the V1 router when payments does not answer', () => {
  it('answers 504 in the V1 error shape when the command times out', async () => {
    const server = await startWith(
      new CommandTimeoutError('payments did not answer CreatePayment within 1000 ms'),
    );
    try {
      const response = await createPayment(server.url);
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({
        status: false,
        statusCode: 504,
        code: 'GATEWAY_TIMEOUT',
        error: 'Gateway Timeout',
        message: 'The payment service did not answer in time; retry with the same Idempotency-Key',
      });
    } finally {
      await server.close();
    }
  });

  it('answers 503 when the request to payments was cancelled', async () => {
    const server = await startWith(new RequestCancelledError('c-1'));
    try {
      const response = await createPayment(server.url);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: false,
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        error: 'Service Unavailable',
      });
    } finally {
      await server.close();
    }
  });

  it('hides unexpected failures behind a plain 500', async () => {
    const server = await startWith(new Error('disk on fire at /var/secret'));
    try {
      const response = await createPayment(server.url);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        status: false,
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        error: 'Internal Server Error',
        message: 'Internal server error',
      });
    } finally {
      await server.close();
    }
  });

  it('leaves paths outside /v1 to the other services', async () => {
    const server = await startWith(new Error('unused'));
    try {
      const response = await fetch(`${server.url}/alpha/v1/payment`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('NOT_FOUND');
    } finally {
      await server.close();
    }
  });
});
