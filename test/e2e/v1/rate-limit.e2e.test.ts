import { ManualClock } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { expectV1Error, newMerchantClient, readyClient, type V1Answer, type V1Client } from './v1-client';

const LIMIT = 3;

describe('V1 rate limit (RATE_LIMIT_V1)', () => {
  let gateway: TestGateway;
  let client: V1Client;
  // 15 s into a minute, so a refusal names the 45 s left in it.
  const clock = new ManualClock('2024-01-01T00:00:15.000Z');

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { RATE_LIMIT_V1: String(LIMIT) }, clock });
    client = await readyClient(gateway);
  });
  afterAll(() => gateway.stop());

  async function eventCount(): Promise<number> {
    let count = 0;
    for await (const _event of gateway.gateway.ctx.eventStore.readAll()) count += 1;
    return count;
  }

  /** Starts a fresh minute, leaving what setting up spent in the previous one. */
  beforeEach(() => clock.advance(60_000));

  it('serves the limit per minute to a merchant, then answers 429 in the V1 error shape with Retry-After', async () => {
    const served: V1Answer[] = [];
    for (let i = 0; i < LIMIT; i++) served.push(await client.get('/v1/payment/?limit=1'));
    const refused = await client.get('/v1/payment/?limit=1');

    expect(served.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(served.map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0']);
    expectV1Error(
      refused,
      429,
      'TOO_MANY_REQUESTS',
      'Too many requests: at most 3 per minute; retry after 45 seconds',
    );
    expect(refused.body.error).toBe('Too Many Requests');
    expect(refused.headers.get('retry-after')).toBe('45');
  });

  it('counts each refusal under its family on /metrics', async () => {
    const refusals = async () => {
      const text = await (await fetch(`${gateway.baseUrl}/metrics`)).text();
      return Number(/^rate_limit_refusals_total\{family="v1"[^}]*\} (\S+)$/m.exec(text)?.[1] ?? 0);
    };
    const before = await refusals();
    for (let i = 0; i < LIMIT + 2; i++) await client.get('/v1/payment/?limit=1');

    expect((await refusals()) - before).toBe(2);
  });

  it('refuses a creating POST before it reaches payments, and serves again in the next minute', async () => {
    for (let i = 0; i < LIMIT; i++) await client.get('/v1/payment/?limit=1');
    const eventsBefore = await eventCount();

    const refused = await client.post('/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
    });

    expectV1Error(refused, 429, 'TOO_MANY_REQUESTS');
    expect(await eventCount()).toBe(eventsBefore);
    clock.advance(45_000);
    expect((await client.get('/v1/payment/?limit=1')).status).toBe(200);
  });

  it('counts each merchant apart', async () => {
    const other = await newMerchantClient(gateway, 'Second shop');
    clock.advance(60_000);
    for (let i = 0; i < LIMIT; i++) await client.get('/v1/payment/?limit=1');

    expect((await client.get('/v1/payment/?limit=1')).status).toBe(429);
    expect((await other.get('/v1/payment/?limit=1')).status).toBe(200);
  });

  it('counts unauthenticated calls by client IP, and an invented key does not buy a fresh bucket', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await client.get('/v1/status', { apiKey: null })).status);

    expect(statuses).toEqual([200, 200, 200]);
    expectV1Error(await client.get('/v1/status', { apiKey: null }), 429, 'TOO_MANY_REQUESTS');
    expectV1Error(
      await client.get('/v1/status', { apiKey: 'invented-key-0123456789' }),
      429,
      'TOO_MANY_REQUESTS',
    );
    expect((await client.get('/v1/payment/?limit=1')).status).toBe(200);
  });

  it('leaves the families whose limit is 0 unlimited', async () => {
    for (let i = 0; i < LIMIT + 1; i++) await client.get('/v1/status', { apiKey: null });

    const beta = await fetch(`${gateway.baseUrl}/beta/v1/common/fiats`);

    expect(beta.status).toBe(200);
    expect(beta.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) {
      const forwarded = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await client.get('/v1/status', { apiKey: null, headers: forwarded })).status);
    }
    const another = { 'x-forwarded-for': '203.0.113.99' };

    expect(statuses).toEqual([200, 200, 200]);
    expect((await client.get('/v1/status', { apiKey: null, headers: another })).status).toBe(429);
  });
});

describe('V1 rate limit behind a trusted proxy (TRUST_PROXY)', () => {
  let gateway: TestGateway;
  let client: V1Client;
  const clock = new ManualClock('2024-01-01T00:00:15.000Z');

  beforeAll(async () => {
    gateway = await startTestGateway({
      env: { RATE_LIMIT_V1: String(LIMIT), TRUST_PROXY: 'loopback' },
      clock,
    });
    client = await readyClient(gateway);
    clock.advance(60_000);
  });
  afterAll(() => gateway.stop());

  it('counts unauthenticated calls by the client IP the proxy forwarded', async () => {
    const first = { 'x-forwarded-for': '203.0.113.1' };
    const second = { 'x-forwarded-for': '198.51.100.7, 203.0.113.2' };
    for (let i = 0; i < LIMIT; i++) await client.get('/v1/status', { apiKey: null, headers: first });

    expectV1Error(await client.get('/v1/status', { apiKey: null, headers: first }), 429, 'TOO_MANY_REQUESTS');
    expect((await client.get('/v1/status', { apiKey: null, headers: second })).status).toBe(200);
  });
});
