import { startTestGateway, type TestGateway } from '../../support/gateway';
import { admin, eventually, PaymentDriver, type DeliveryView } from './support/notifier-harness';
import { startReceiver, type Receiver } from './support/receiver';

describe('webhook safety', () => {
  let gateway: TestGateway;
  let driver: PaymentDriver;
  let receiver: Receiver;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { WEBHOOK_TIMEOUT_MS: '2000' } });
    driver = new PaymentDriver(gateway);
  });
  afterAll(async () => {
    await gateway.stop();
  });
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
  });

  const deliveryOf = async (paymentId: number) =>
    eventually(async () => {
      const { body } = await admin<DeliveryView>(gateway, 'GET', `/webhooks/${paymentId}-1`);
      return body.attempt_count > 0 ? body : undefined;
    });

  it.each([
    ['a loopback name not on the allow-list', (port: number) => `http://localhost:${port}/ipn`],
    ['an IPv4-mapped loopback address', (port: number) => `http://[::ffff:127.0.0.1]:${port}/ipn`],
    ['an IPv4-compatible loopback address', (port: number) => `http://[::127.0.0.1]:${port}/ipn`],
    ['the cloud metadata address, IPv4-compatible', () => 'http://[::169.254.169.254]/latest/meta-data/'],
    ['the cloud metadata address, IPv4-compatible in hex', () => 'http://[::a9fe:a9fe]/latest/meta-data/'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', () => 'http://10.0.0.1/ipn'],
  ])('refuses %s at once, without connecting, and dead-letters it', async (_what, urlFor) => {
    const terms = await driver.open('v1', gateway.demoMerchant, urlFor(receiver.port));
    const delivery = await deliveryOf(terms.paymentId);
    expect(delivery.state).toBe('dead');
    expect(delivery.attempts[0]!.error).toMatch(/^refused: /);
    expect(receiver.calls).toHaveLength(0);
  });

  it('a receiver that hangs times out and delays no other merchant', async () => {
    const hanging = await startReceiver(() => undefined);
    try {
      const slowMerchant = await gateway.createMerchant('Hangs');
      const slow = await Promise.all(
        Array.from({ length: 10 }, () => driver.open('v1', slowMerchant, `${hanging.url}/ipn`)),
      );
      const fast = await Promise.all(
        Array.from({ length: 10 }, () => driver.open('v1', gateway.demoMerchant, `${receiver.url}/ipn`)),
      );
      await eventually(() => receiver.calls.length === 10);
      // Every slow attempt is still hanging (none has timed out yet), and the other merchant is served.
      const stillHanging = await admin<DeliveryView>(gateway, 'GET', `/webhooks/${slow[0]!.paymentId}-1`);
      expect(stillHanging.body.attempt_count).toBe(0);
      expect(hanging.calls.length).toBeGreaterThan(0);
      const timedOut = await deliveryOf(slow[0]!.paymentId);
      expect(timedOut.state).toBe('pending');
      expect(timedOut.attempts[0]!.error).toMatch(/timed out after 2000 ms/);
      expect(new Set(receiver.calls.map((c) => c.json.payment_id))).toEqual(
        new Set(fast.map((t) => t.paymentId)),
      );
    } finally {
      await hanging.close();
    }
  });
});
