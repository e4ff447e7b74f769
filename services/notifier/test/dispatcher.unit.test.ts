import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@gw/platform';
import pino from 'pino';
import type { Delivery, NewDelivery } from '../src/delivery/delivery';
import { Dispatcher, type DispatcherLimits } from '../src/delivery/dispatcher';
import { retryPolicy } from '../src/delivery/retry-policy';
import type { PostResult, WebhookPost } from '../src/http/webhook-client';
import { JsonlDeliveryLog } from '../src/log/jsonl-delivery-log';
import { newDelivery } from '../src/testing/delivery-log-contract';
import { leaseOnlyCache } from './support/fake-cache';

const LIMITS: DispatcherLimits = {
  maxInFlight: 16,
  maxInFlightPerHost: 2,
  maxSleepMs: 20,
  syncIntervalMs: 60_000,
};
const answer = (statusCode: number | null): PostResult => ({
  statusCode,
  error: statusCode ? null : 'boom',
  responseBody: '',
  latencyMs: 1,
  permanent: false,
});

describe('Dispatcher', () => {
  let directory: string;
  let log: JsonlDeliveryLog;
  const cache = leaseOnlyCache();
  const dispatchers: Dispatcher[] = [];

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'dispatcher-'));
    log = new JsonlDeliveryLog(directory);
    await log.open();
  });
  afterEach(async () => {
    for (const d of dispatchers.splice(0)) await d.stop();
    await log.close();
    await rm(directory, { recursive: true, force: true });
  });

  function dispatcher(
    post: (request: WebhookPost) => Promise<PostResult>,
    settled: Delivery[] = [],
    scale = 0.001,
  ): Dispatcher {
    const created = new Dispatcher({
      log,
      post,
      clock: systemClock,
      cache,
      logger: pino({ level: 'silent' }),
      policy: retryPolicy(scale),
      random: () => 0.5,
      limits: LIMITS,
      instanceId: `instance-${dispatchers.length}`,
      onSettled: (delivery) => settled.push(delivery),
    });
    dispatchers.push(created);
    return created;
  }

  async function schedule(delivery: Partial<NewDelivery>): Promise<Delivery> {
    return log.append({
      type: 'DeliveryScheduled',
      delivery: newDelivery({ createdAt: new Date().toISOString(), ...delivery }),
    });
  }

  const until = async (condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not reached in time');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('keeps a payment’s later status behind an earlier one that is being retried', async () => {
    const sent: string[] = [];
    let failuresLeft = 3;
    const settled: Delivery[] = [];
    const d = dispatcher(async (request) => {
      sent.push(request.body);
      if (request.body === 'first' && failuresLeft-- > 0) return answer(503);
      return answer(200);
    }, settled);
    await d.start();
    d.enqueue(await schedule({ eventVersion: 1, body: 'first' }));
    d.enqueue(await schedule({ eventVersion: 2, body: 'second' }));
    await until(() => settled.length === 2);
    expect(sent).toEqual(['first', 'first', 'first', 'first', 'second']);
    expect((await log.get('1001-1'))!.attemptCount).toBe(4);
  });

  it('puts an earlier status queued late in front of later ones still waiting', async () => {
    const sent: number[] = [];
    const settled: Delivery[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const d = dispatcher(async (request) => {
      const version = Number(JSON.parse(request.body));
      sent.push(version);
      if (version === 1) await gate;
      return answer(200);
    }, settled);
    await d.start();
    d.enqueue(await schedule({ eventVersion: 1, body: '1' }));
    await until(() => sent.length === 1);
    d.enqueue(await schedule({ eventVersion: 4, body: '4' }));
    d.enqueue(await schedule({ eventVersion: 3, body: '3' }));
    release();
    await until(() => settled.length === 3);
    expect(sent).toEqual([1, 3, 4]);
  });

  it('serves other hosts while one host hangs on every slot it has', async () => {
    const settledHosts: string[] = [];
    let releaseSlow: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const d = dispatcher(async (request) => {
      if (request.url.includes('slow.example')) await slow;
      return answer(200);
    });
    await d.start();
    for (let i = 0; i < 6; i++)
      d.enqueue(await schedule({ paymentId: 100 + i, url: 'https://slow.example/ipn' }));
    for (let i = 0; i < 6; i++)
      d.enqueue(await schedule({ paymentId: 200 + i, url: 'https://fast.example/ipn' }));
    await until(async () => (await log.find({ state: 'delivered', limit: 100, offset: 0 })).total === 6);
    const delivered = (await log.find({ state: 'delivered', limit: 100, offset: 0 })).deliveries;
    settledHosts.push(...delivered.map((x) => new URL(x.url).host));
    expect(new Set(settledHosts)).toEqual(new Set(['fast.example']));
    releaseSlow();
    await until(async () => (await log.find({ state: 'delivered', limit: 100, offset: 0 })).total === 12);
  });

  it('dead-letters after the family schedule and delivers again after a redelivery', async () => {
    let up = false;
    const settled: Delivery[] = [];
    const d = dispatcher(async () => answer(up ? 200 : 500), settled, 0.0001);
    await d.start();
    d.enqueue(await schedule({ family: 'beta' }));
    await until(() => settled.length === 1);
    expect(settled[0]).toMatchObject({ state: 'dead', attemptCount: 5 });
    up = true;
    d.enqueue(
      await log.append({
        type: 'RedeliveryRequested',
        deliveryId: '1001-1',
        at: new Date().toISOString(),
        origin: 'admin',
      }),
    );
    await until(() => settled.length === 2);
    expect(settled[1]).toMatchObject({ state: 'delivered', attemptCount: 6, adminRedeliveries: 1 });
  });

  it('resumes a retry from the log after a restart, at its scheduled time', async () => {
    const first = dispatcher(async () => answer(500), [], 0.02);
    await first.start();
    first.enqueue(await schedule({}));
    await until(async () => (await log.get('1001-1'))!.attemptCount === 1);
    await first.stop();
    const { nextAttemptAt } = (await log.get('1001-1'))!;
    await log.close();
    log = new JsonlDeliveryLog(directory);
    await log.open();

    const times: number[] = [];
    const settled: Delivery[] = [];
    const second = dispatcher(async () => {
      times.push(Date.now());
      return answer(200);
    }, settled);
    await second.start();
    await until(() => settled.length === 1);
    expect(times[0]).toBeGreaterThanOrEqual(Date.parse(nextAttemptAt!));
    expect(settled[0]).toMatchObject({ state: 'delivered', attemptCount: 2 });
  });

  it('leaves dispatching to the replica holding the lease', async () => {
    const other = leaseOnlyCache();
    await other.acquireLease('notifier-dispatch', 'someone-else', 1000);
    const idle = new Dispatcher({
      log,
      post: async () => answer(200),
      clock: systemClock,
      cache: other,
      logger: pino({ level: 'silent' }),
      policy: retryPolicy(),
      random: Math.random,
      limits: LIMITS,
      instanceId: 'standby',
    });
    dispatchers.push(idle);
    await idle.start();
    idle.enqueue(await schedule({}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await log.get('1001-1'))!.attemptCount).toBe(0);
  });
});
