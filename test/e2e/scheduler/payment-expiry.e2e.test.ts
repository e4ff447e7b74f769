import { ManualClock } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../../support/gateway';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The scheduler service's test hook (services/scheduler). */
interface ExpiryPasses {
  runOnce(): Promise<{ due: number; expired: number } | null>;
}

describe('payment expiry', () => {
  const clock = new ManualClock('2026-03-01T12:00:00.000Z');
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ clock });
  });

  afterAll(async () => {
    await gateway.stop();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${gateway.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': gateway.demoMerchant.apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const statusOf = async (paymentId: unknown) =>
    (await call('GET', `/v1/payment/${String(paymentId)}`)).body.payment_status;

  async function statusBecomes(paymentId: unknown, status: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await statusOf(paymentId)) !== status) {
      if (Date.now() > deadline) throw new Error(`payment ${String(paymentId)} never became ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const scheduler = () =>
    gateway.gateway.services.find((service) => service.name === 'scheduler') as unknown as ExpiryPasses;

  it('expires a waiting payment once the clock passes its lifetime, and not before', async () => {
    const created = await call('POST', '/v1/payment', {
      price_amount: 50,
      price_currency: 'usd',
      pay_currency: 'ltc',
    });
    expect(created.status).toBe(201);
    const paymentId = created.body.payment_id;
    await statusBecomes(paymentId, 'waiting');

    clock.advance(DAY_MS - 1_000);
    expect(await scheduler().runOnce()).toEqual({ due: 0, expired: 0 });
    expect(await statusOf(paymentId)).toBe('waiting');

    clock.advance(1_000);
    expect(await scheduler().runOnce()).toMatchObject({ expired: 1 });
    await statusBecomes(paymentId, 'expired');
  });

  it('leaves a payment that received a deposit alone', async () => {
    const created = await call('POST', '/v1/payment', {
      price_amount: 50,
      price_currency: 'usd',
      pay_currency: 'ltc',
    });
    const paymentId = created.body.payment_id;
    await statusBecomes(paymentId, 'waiting');
    const deposit = await call('POST', '/sandbox/v1/deposits', {
      pay_address: created.body.pay_address,
      amount: '0.001',
    });
    expect(deposit.status).toBe(202);
    await statusBecomes(paymentId, 'partially_paid');

    clock.advance(DAY_MS + 1_000);
    await scheduler().runOnce();
    expect(await statusOf(paymentId)).toBe('partially_paid');
  });
});
