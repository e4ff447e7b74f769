import { ManualClock } from '@gw/platform';
import { AdminHttpClient, WEBHOOK_COMMANDS } from '@gw/gateway';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import {
  admin,
  deliveriesOf,
  eventually,
  PaymentDriver,
  retryNow,
  statusesOf,
  type DeliveryView,
} from './support/notifier-harness';
import { failTimes, replyWith, startReceiver, type Receiver } from './support/receiver';

/** Retry waits are minutes to hours: a manual clock lets the test move time instead of waiting. */
describe('webhook retries', () => {
  let clock: ManualClock;
  let gateway: TestGateway;
  let receiver: Receiver;
  let driver: PaymentDriver;

  beforeEach(async () => {
    clock = new ManualClock('2026-03-01T12:00:00.000Z');
    gateway = await startTestGateway({ clock });
    driver = new PaymentDriver(gateway);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await gateway.stop();
    await receiver.close();
  });

  it('a receiver that fails three times gets the webhook once it recovers, and later statuses wait their turn', async () => {
    receiver.setReply(failTimes(3));
    const terms = await driver.open('v1', gateway.demoMerchant, receiver.url);
    // Unconfirmed, so the payment stays `confirming` (no payout runs) and the sequence is known.
    await driver.deposit(terms, terms.payAmount, 0);
    const firstId = `${terms.paymentId}-1`;
    for (let retry = 0; retry < 3; retry++) await retryNow(gateway, clock, firstId);
    await eventually(() => receiver.calls.length === 5);
    expect(statusesOf(receiver.calls, 'payment_status')).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'waiting',
      'confirming',
    ]);
    const [first] = await deliveriesOf(gateway, terms.paymentId);
    expect(first!.attempts.map((a) => a.status_code)).toEqual([503, 503, 503, 200]);
    expect(first!.attempts[0]!.response_body).toBe('down');
    const gaps = first!.attempts
      .slice(1)
      .map((a, i) => Date.parse(a.at) - Date.parse(first!.attempts[i]!.at));
    expect(gaps[0]).toBeGreaterThanOrEqual(8_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(24_000);
    expect(gaps[2]).toBeGreaterThanOrEqual(96_000);
    const bodies = new Set(receiver.calls.slice(0, 4).map((c) => c.rawBody.toString('utf8')));
    expect(bodies.size).toBe(1);
  });

  it('a family B receiver that never recovers: 5 attempts on the upstream schedule, dead, then redelivered by the admin command', async () => {
    receiver.setReply(replyWith(500, 'broken'));
    const merchant = await gateway.createMerchant('Never up');
    const terms = await driver.open('beta', merchant, receiver.url);
    await driver.deposit(terms, terms.payAmount, 0);
    const [paying] = await eventually(async () => {
      const deliveries = await deliveriesOf(gateway, terms.paymentId);
      return deliveries.length > 0 ? deliveries : undefined;
    });
    expect(paying!.webhook_status).toBe('Paying');
    const deliveryId = paying!.delivery_id;
    for (let retry = 0; retry < 4; retry++) await retryNow(gateway, clock, deliveryId);
    const dead = await eventually(async () => {
      const { body } = await admin<DeliveryView>(gateway, 'GET', `/webhooks/${deliveryId}`);
      return body.state === 'dead' ? body : undefined;
    });
    expect(dead.attempt_count).toBe(5);
    const gaps = dead.attempts.slice(1).map((a, i) => Date.parse(a.at) - Date.parse(dead.attempts[i]!.at));
    expect(gaps.map((gap) => Math.round(gap / 60_000))).toEqual([1, 3, 30, 180]);
    const listed = await admin<{ result: { delivery_id: string }[] }>(
      gateway,
      'GET',
      `/webhooks?merchant_id=${merchant.merchantId}&state=dead`,
    );
    expect(listed.body.result.map((d) => d.delivery_id)).toEqual([deliveryId]);

    receiver.setReply(replyWith(200));
    const printed: string[] = [];
    await WEBHOOK_COMMANDS['redeliver-dead']!.run({
      client: new AdminHttpClient({ url: gateway.baseUrl, token: gateway.adminToken }),
      flags: { merchant: merchant.merchantId },
      args: [],
      print: (body, describe) => printed.push(describe(body)),
    });
    expect(printed.join('')).toContain(deliveryId);
    const delivered = await eventually(async () => {
      const { body } = await admin<DeliveryView & { admin_redeliveries: number }>(
        gateway,
        'GET',
        `/webhooks/${deliveryId}`,
      );
      return body.state === 'delivered' ? body : undefined;
    });
    expect(delivered).toMatchObject({ attempt_count: 6, admin_redeliveries: 1 });
    expect(receiver.calls).toHaveLength(6);
  });

  it('the admin API needs the admin token', async () => {
    const response = await fetch(`${gateway.baseUrl}/admin/v1/webhooks`, {
      headers: { authorization: 'Bearer wrong-token-wrong-token' },
    });
    expect(response.status).toBe(401);
    const missing = await admin(gateway, 'GET', '/webhooks/does-not-exist');
    expect(missing.status).toBe(404);
  });
});
