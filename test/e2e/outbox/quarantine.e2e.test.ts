import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { ANY_EVENT, JsonlEventStore } from '@gw/store';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { admin, eventually, PaymentDriver, statusesOf } from '../notifier/support/notifier-harness';
import { startReceiver, type Receiver } from '../notifier/support/receiver';
import { unpublishablePlanCreated } from '../../support/unpublishable-commit';

const REPO_ROOT = path.resolve(__dirname, '../../..');

/** `gateway <args>` in a child process, as an operator runs it. */
function gatewayCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(REPO_ROOT, 'apps/gateway/src/cli.ts'), ...args],
      { cwd: REPO_ROOT, env, timeout: 30_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? -1) : 0, stdout }),
    );
  });
}

/**
 * The halt of issue 22: one commit `payments.events` refuses (a plan stored with amount "Infinity" before
 * appends were checked) stopped the relay for every merchant. Now it is set aside and the rest flows.
 */
describe('an unpublishable commit in the event store', () => {
  let dataDir: string;
  let gateway: TestGateway | undefined;
  let receiver: Receiver;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'outbox-quarantine-'));
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await gateway?.stop();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** What a store written before this fix holds: the plan of issue 22, straight into commits.jsonl. */
  async function plantInfinityPlan(): Promise<string> {
    const old = await JsonlEventStore.open({ directory: dataDir, eventSchema: ANY_EVENT });
    const commit = await old.append('plan-900001', 0, [unpublishablePlanCreated(900001)]);
    await old.close();
    return commit.commitId;
  }

  it('is quarantined, and another merchant’s payment is still published and its webhooks delivered', async () => {
    const planted = await plantInfinityPlan();
    gateway = await startTestGateway({ dataDir });
    const merchant = await gateway.createMerchant('Another shop');
    const driver = new PaymentDriver(gateway);

    const terms = await driver.open('v1', merchant, `${receiver.url}/ipn`);
    await driver.payInFull(terms);

    await eventually(() => receiver.calls.length >= 3);
    expect(statusesOf(receiver.calls, 'payment_status').slice(0, 3)).toEqual([
      'waiting',
      'confirming',
      'confirmed',
    ]);
    const { status, body } = await admin<{ count: number; result: Record<string, unknown>[] }>(
      gateway,
      'GET',
      '/outbox/quarantine',
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      count: 1,
      result: [
        {
          commit_id: planted,
          stream_id: 'plan-900001',
          first_version: 1,
          last_version: 1,
          event_types: ['SubscriptionPlanCreated'],
          reason: expect.stringMatching(
            /^SubscriptionPlanCreated version 1: \/data\/amount must match pattern/,
          ),
          quarantined_at: expect.any(String),
        },
      ],
    });
  });

  it('shows in readiness (degraded, still ready) and in the metrics, and is set aside again on a retry', async () => {
    const planted = await plantInfinityPlan();
    gateway = await startTestGateway({ dataDir });
    const running = gateway;
    await eventually(
      async () => (await admin<{ count: number }>(running, 'GET', '/outbox/quarantine')).body.count,
    );

    const ready = await fetch(`${running.baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, unknown> }).checks.outbox).toEqual({
      status: 'degraded',
      durationMs: expect.any(Number),
      detail: { quarantinedCommits: 1 },
    });
    const metrics = await (await fetch(`${running.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^outbox_quarantined_commits\{[^}]*\} 1$/m);
    expect(metrics).toMatch(/^outbox_quarantines_total\{[^}]*\} 1$/m);

    const retried = await admin(running, 'POST', `/outbox/quarantine/${planted}/retry`, {});
    expect(retried).toEqual({ status: 200, body: { retried: 1, commit_ids: [planted] } });
    await eventually(async () => {
      const text = await (await fetch(`${running.baseUrl}/metrics`)).text();
      return /^outbox_quarantines_total\{[^}]*\} 2$/m.test(text);
    });
    expect((await admin<{ count: number }>(running, 'GET', '/outbox/quarantine')).body.count).toBe(1);
    expect((await admin(running, 'POST', '/outbox/quarantine/no-such-commit/retry', {})).status).toBe(404);
  });

  it('is listed and retried by `gateway outbox`', async () => {
    const planted = await plantInfinityPlan();
    gateway = await startTestGateway({ dataDir });
    const running = gateway;
    await eventually(
      async () => (await admin<{ count: number }>(running, 'GET', '/outbox/quarantine')).body.count,
    );
    const env = {
      ADMIN_TOKEN: running.adminToken,
      GATEWAY_URL: running.baseUrl,
      DATA_DIR: join(dataDir, 'cli'),
      LOG_LEVEL: 'silent',
      PATH: process.env.PATH ?? '',
    };

    const list = await gatewayCli(['outbox', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(planted);
    expect(list.stdout).toMatch(/stream {3}plan-900001 versions 1-1 \(SubscriptionPlanCreated\)/);
    expect(list.stdout).toMatch(
      /reason {3}SubscriptionPlanCreated version 1: \/data\/amount must match pattern/,
    );

    const json = await gatewayCli(['outbox', 'list', '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ count: 1, result: [{ commit_id: planted }] });

    const retry = await gatewayCli(['outbox', 'retry', planted], env);
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain(`Put 1 commit(s) back in the outbox: ${planted}`);
    const unknown = await gatewayCli(['outbox', 'retry', 'no-such-commit'], env);
    expect(unknown.code).toBe(1);
  });

  it('never comes from a create today: a plan of amount 1e309 is refused with a 4xx and nothing is stored', async () => {
    gateway = await startTestGateway({ dataDir });
    const running = gateway;
    const response = await fetch(
      `${running.baseUrl}/admin/v1/merchants/${running.demoMerchant.merchantId}/subscription-plans`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${running.adminToken}`, 'content-type': 'application/json' },
        body: '{"title":"t","amount":1e309,"currency":"usd","interval_day":30}',
      },
    );

    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const events: string[] = [];
    for await (const event of running.gateway.ctx.eventStore.readAll()) events.push(event.type);
    expect(events).not.toContain('SubscriptionPlanCreated');
    expect((await admin<{ count: number }>(running, 'GET', '/outbox/quarantine')).body.count).toBe(0);
  });
});
