import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@gw/platform';
import type { Service } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import {
  admin,
  eventually,
  PaymentDriver,
  retryNow,
  statusesOf,
  type DeliveryView,
} from './support/notifier-harness';
import { replyWith, startReceiver, type Receiver } from './support/receiver';

describe('a notifier restart in the middle of retries', () => {
  let receiver: Receiver;
  let dataDir: string;
  const gateways: TestGateway[] = [];

  beforeEach(async () => {
    receiver = await startReceiver(replyWith(503, 'maintenance'));
    dataDir = await mkdtemp(join(tmpdir(), 'notifier-restart-'));
  });
  afterEach(async () => {
    for (const gateway of gateways.splice(0)) await gateway.stop();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes the pending retry from disk and catches up on status changes it never saw; nothing lost, nothing doubled', async () => {
    const clock = new ManualClock('2026-03-01T12:00:00.000Z');
    const first = await startTestGateway({ clock, dataDir });
    gateways.push(first);
    const driver = new PaymentDriver(first);
    const terms = await driver.open('v1', first.demoMerchant, receiver.url);
    const waitingId = `${terms.paymentId}-1`;
    await retryNow(first, clock, waitingId);
    const beforeStop = (await admin<DeliveryView>(first, 'GET', `/webhooks/${waitingId}`)).body;
    expect(beforeStop).toMatchObject({ state: 'pending', attempt_count: 2 });

    // The notifier stops first, so the payment moves on while nobody listens (a crash, as the bus sees it).
    const notifier = first.gateway.services.find((service: Service) => service.name === 'notifier')!;
    await notifier.stop();
    await driver.deposit(terms, terms.payAmount, 0);
    await first.stop();
    gateways.length = 0;

    receiver.setReply(replyWith(200));
    const second = await startTestGateway({ clock, dataDir });
    gateways.push(second);
    const resumed = (await admin<DeliveryView>(second, 'GET', `/webhooks/${waitingId}`)).body;
    expect(resumed).toMatchObject({
      state: 'pending',
      attempt_count: 2,
      next_attempt_at: beforeStop.next_attempt_at,
    });
    expect(receiver.calls).toHaveLength(2);

    clock.set(Date.parse(beforeStop.next_attempt_at!) + 1);
    await eventually(() => receiver.calls.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statusesOf(receiver.calls, 'payment_status')).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'confirming',
    ]);
    expect(
      receiver.calls
        .map((c) => c.rawBody.toString('utf8'))
        .slice(0, 3)
        .every((body, _i, all) => body === all[0]),
    ).toBe(true);
  });
});
