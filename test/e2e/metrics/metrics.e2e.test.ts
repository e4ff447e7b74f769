import { startTestGateway, type TestGateway } from '../../support/gateway';
import { eventually } from '../notifier/support/notifier-harness';
import { startReceiver, type Receiver } from '../notifier/support/receiver';
import { SandboxClient } from '../sandbox/sandbox-client';

/** One sample of the Prometheus text format: `name{labels} value`, labels as a map. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
          m[1]!,
          m[2]!,
        ]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('/metrics after a sandbox payment’s whole life', () => {
  let gateway: TestGateway;
  let receiver: Receiver;
  let client: SandboxClient;

  beforeAll(async () => {
    gateway = await startTestGateway();
    receiver = await startReceiver();
    client = new SandboxClient(gateway);
  });
  afterAll(async () => {
    await receiver.close();
    await gateway.stop();
  });

  const scrape = async () => samplesOf(await (await fetch(`${gateway.baseUrl}/metrics`)).text());

  it('counts the payment, its status changes and its webhooks, and labels routes by their templates', async () => {
    const before = await scrape();
    const payment = await client.createPayment({ ipn_callback_url: `${receiver.url}/ipn` });
    const paid = await client.call('POST', `/sandbox/v1/payments/${payment.payment_id}/pay`, {});
    expect(paid.status).toBe(202);
    await client.paymentIn(payment.payment_id, 'finished');
    await eventually(() => receiver.calls.length === 5);
    const unauthenticated = await client.call('GET', `/v1/payment/${payment.payment_id}`, undefined, {});
    expect(unauthenticated.status).toBe(401);
    const ipnTest = await client.call('POST', '/v1/ipn/test', { ipn_callback_url: `${receiver.url}/test` });
    expect(ipnTest.status).toBe(200);
    // Refusals answered by error handlers mounted on a prefix, and by an admin token checked before routing.
    expect((await client.call('POST', '/sandbox/v1/deposits', { amount: 'lots' })).status).toBe(400);
    expect((await client.call('POST', '/v1/ipn/test', {}, {})).status).toBe(401);
    expect((await client.call('GET', '/admin/v1/merchants', undefined, {})).status).toBe(401);
    expect((await client.call('GET', '/admin/v1/no-such-thing', undefined, {})).status).toBe(401);

    const after = await eventually(async () => {
      const samples = await scrape();
      // The fifth IPN's outcome is counted once the delivery log has it.
      return total(samples, 'webhook_attempt_duration_seconds_count', { outcome: 'delivered' }) -
        total(before, 'webhook_attempt_duration_seconds_count', { outcome: 'delivered' }) >=
        5
        ? samples
        : undefined;
    });
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);

    expect(moved('payments_created_total', { family: 'v1', network: 'btc' })).toBe(1);
    for (const status of ['confirming', 'confirmed', 'sending', 'finished'])
      expect({
        status,
        moved: moved('payment_status_changes_total', { family: 'v1', network: 'btc', status }),
      }).toEqual({
        status,
        moved: 1,
      });
    expect(moved('webhook_attempt_duration_seconds_count', { family: 'v1', outcome: 'delivered' })).toBe(5);
    expect(moved('outbox_publish_delay_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(moved('projection_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(after.some((s) => s.name === 'outbox_oldest_unpublished_age_seconds')).toBe(true);
    const lag = after.filter((s) => s.name === 'bus_consumer_lag_messages');
    expect(lag.map((s) => s.labels.group)).toEqual(
      expect.arrayContaining(['payments', 'projector', 'notifier']),
    );

    const routes = new Set(
      after
        .filter((s) => s.name === 'http_request_duration_seconds_count')
        .map((s) => `${s.labels.method} ${s.labels.route} ${s.labels.status}`),
    );
    expect([...routes]).toEqual(
      expect.arrayContaining([
        'POST /v1/payment 201',
        'POST /sandbox/v1/payments/:paymentId/pay 202',
        'GET /v1/payment/:paymentId 200',
        'GET /v1/payment/:paymentId 401',
        'POST /v1/ipn/test 200',
        'POST /sandbox/v1/deposits 400',
        'POST /v1/ipn/test 401',
        'GET /admin/v1/merchants 401',
        'GET <unmatched> 401',
      ]),
    );
    expect([...routes].filter((route) => /\/(v1|sandbox)\/.*\/\1\//.test(route))).toEqual([]);
  });

  it('counts neither probes nor scrapes as HTTP traffic', async () => {
    for (const path of ['/health/live', '/health/ready', '/metrics'])
      expect((await fetch(`${gateway.baseUrl}${path}`)).status).toBe(200);
    expect((await fetch(`${gateway.baseUrl}/v1/status`)).status).toBe(200);

    // The /v1/status request is counted once its response closes: wait for it, then look for the probes.
    const samples = await eventually(async () => {
      const scraped = await scrape();
      return total(scraped, 'http_request_duration_seconds_count', { route: '/v1/status' }) > 0
        ? scraped
        : undefined;
    });
    const routes = samples
      .filter((sample) => sample.name === 'http_request_duration_seconds_count')
      .map((sample) => sample.labels.route);
    expect(routes).not.toContain('/health/live');
    expect(routes).not.toContain('/health/ready');
    expect(routes).not.toContain('/metrics');
  });
});
