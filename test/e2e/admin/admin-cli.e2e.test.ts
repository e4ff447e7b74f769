import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { SandboxTester } from '../alpha/sandbox-tester';
import { adminClient, eventually, v1Get } from './admin-helpers';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(REPO_ROOT, 'apps/gateway/src/cli.ts');
const TSX = require.resolve('tsx/cli');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `gateway <args>` in a child process, as an operator would, with only the environment given. */
function gatewayCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, CLI, ...args],
      { cwd: REPO_ROOT, env, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('gateway CLI admin commands', () => {
  let gateway: TestGateway;
  let scratch: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    scratch = await mkdtemp(path.join(tmpdir(), 'gateway-cli-'));
    env = {
      ADMIN_TOKEN: gateway.adminToken,
      GATEWAY_URL: gateway.baseUrl,
      DATA_DIR: path.join(scratch, 'unused'),
      LOG_LEVEL: 'silent',
    };
  });
  afterAll(async () => {
    await gateway.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('merchant create --json prints every key once, as JSON, and the keys work', async () => {
    const run = await gatewayCli(
      [
        'merchant',
        'create',
        '--name',
        'CLI shop',
        '--email',
        'cli@shop.example',
        '--coins',
        'btc, ETH',
        '--json',
      ],
      env,
    );
    // Standard error names the instance called; standard output is the JSON alone.
    expect(run).toMatchObject({
      code: 0,
      stderr: `gateway ${gateway.baseUrl} (GATEWAY_URL), admin token from ADMIN_TOKEN\n`,
    });
    const created = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(created).toEqual({
      merchant_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'CLI shop',
      email: 'cli@shop.example',
      enabled_coins: ['btc', 'eth'],
      outcome_currency: null,
      api_key: expect.any(String),
      beta_api_key: expect.any(String),
      payment_key: expect.any(String),
      ipn_secret: expect.any(String),
    });
    const shown = await adminClient(gateway)('GET', `/merchants/${String(created.merchant_id)}`);
    expect(shown.body).toMatchObject({ name: 'CLI shop', enabled_coins: ['btc', 'eth'] });
    await eventually(async () =>
      expect((await v1Get(gateway, '/v1/merchant/coins', String(created.api_key))).status).toBe(200),
    );
  });

  it('merchant create without --json prints the keys for a person to copy', async () => {
    const run = await gatewayCli(['merchant', 'create', '--name', 'Human shop'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Merchant "Human shop" created');
    expect(run.stdout).toMatch(/V1 x-api-key\s+\S{32}/);
    expect(run.stdout).toMatch(/family A payment key \(for "sign"\)\s+\S{43}/);
    expect(run.stdout).toContain('every catalogue coin');
  });

  it('reads the admin token from DATA_DIR/admin.token when ADMIN_TOKEN is not set', async () => {
    const dataDir = path.join(scratch, 'data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'admin.token'), `${gateway.adminToken}\n`, { mode: 0o600 });
    const run = await gatewayCli(['merchant', 'list', '--json', '--url', gateway.baseUrl], {
      DATA_DIR: dataDir,
    });
    expect(run.code).toBe(0);
    const list = JSON.parse(run.stdout) as { count: number; result: unknown[] };
    expect(list.count).toBeGreaterThanOrEqual(1);
    expect(run.stdout).not.toMatch(/api_key|secret/);
  });

  it('walks plans, subscriptions, coins and rotation through the CLI', async () => {
    const { merchantId, apiKey } = await gateway.createMerchant('CLI walk');

    const coins = await gatewayCli(['merchant', 'coins', merchantId, 'ltc,doge'], env);
    expect(coins).toMatchObject({ code: 0, stdout: `Merchant ${merchantId} now accepts ltc, doge.\n` });

    const planRun = await gatewayCli(
      [
        'plan',
        'create',
        merchantId,
        '--title',
        'Weekly box',
        '--amount',
        '12.50',
        '--currency',
        'eur',
        '--interval-day',
        '7',
        '--json',
      ],
      env,
    );
    expect(planRun.code).toBe(0);
    const plan = JSON.parse(planRun.stdout) as { id: number; amount: string; currency: string };
    expect(plan).toMatchObject({ amount: '12.5', currency: 'eur', interval_day: 7 });

    const subscriptionRun = await gatewayCli(
      [
        'subscription',
        'create',
        merchantId,
        '--plan',
        String(plan.id),
        '--email',
        'box@example.com',
        '--json',
      ],
      env,
    );
    expect(subscriptionRun.code).toBe(0);
    const subscription = JSON.parse(subscriptionRun.stdout) as { id: number; status: string };
    expect(subscription).toMatchObject({ subscription_plan_id: plan.id, status: 'active' });

    const paused = await gatewayCli(['subscription', 'status', String(subscription.id), 'PAUSED'], env);
    expect(paused.code).toBe(0);
    expect(paused.stdout).toContain(
      `Subscription ${subscription.id} (plan ${plan.id}, box@example.com): paused`,
    );
    await eventually(async () => {
      const v1 = await v1Get<{ result: { status: string }[] }>(gateway, '/v1/subscriptions', apiKey);
      expect(v1.body.result.map((s) => s.status)).toEqual(['PAUSED']);
    });

    const rotation = await gatewayCli(['merchant', 'rotate', merchantId, 'api-key', '--json'], env);
    expect(rotation.code).toBe(0);
    const { api_key: newKey } = JSON.parse(rotation.stdout) as { api_key: string };
    await eventually(async () => {
      expect((await v1Get(gateway, '/v1/merchant/coins', apiKey)).status).toBe(403);
      expect((await v1Get(gateway, '/v1/merchant/coins', newKey)).status).toBe(200);
    });
  });

  it('asks for a refund and shows what to send, then the refund once the chain shows it', async () => {
    const merchant = gateway.demoMerchant;
    const created = await fetch(`${gateway.baseUrl}/v1/payment`, {
      method: 'POST',
      headers: { 'x-api-key': merchant.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ price_amount: 20, price_currency: 'usd', pay_currency: 'btc' }),
    });
    const { payment_id: paymentId } = (await created.json()) as { payment_id: number };
    await new SandboxTester(gateway, 'v1').pay(paymentId);
    await eventually(async () => {
      const v1 = await v1Get<{ payment_status: string }>(
        gateway,
        `/v1/payment/${paymentId}`,
        merchant.apiKey,
      );
      expect(v1.body.payment_status).toBe('finished');
    }, 20_000);
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

    const refused = await gatewayCli(
      ['payment', 'refund-request', String(paymentId), '--address', 'nope'],
      env,
    );
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/\ngateway refused \(400\): address is not a btc address\n$/),
    });
    const requested = await gatewayCli(
      ['payment', 'refund-request', String(paymentId), '--address', address, '--json'],
      env,
    );
    expect(requested.code).toBe(0);
    const refund = JSON.parse(requested.stdout) as { amount: string; payment_uri: string };
    expect(refund).toMatchObject({ refund_status: 'pending', address, currency: 'btc' });
    expect(refund.payment_uri).toBe(`bitcoin:${address}?amount=${refund.amount}`);

    const pending = await gatewayCli(['payment', 'refund-status', String(paymentId)], env);
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain(`send ${refund.amount} btc (btc) to ${address}`);

    const reply = await gateway.gateway.ctx.commands.send(`payment-${paymentId}`, merchant.merchantId, {
      type: 'RecordRefundTransfer',
      data: { txHash: 'cli-refund-tx', outputIndex: 0, amount: refund.amount, confirmations: 6 },
    });
    expect(reply.ok).toBe(true);
    const refunded = await gatewayCli(['payment', 'refund-status', String(paymentId)], env);
    expect(refunded.stdout).toContain('in cli-refund-tx');
  });

  it("exits 1 with the gateway's message when the gateway refuses", async () => {
    const wrongToken = await gatewayCli(['merchant', 'list'], {
      ...env,
      ADMIN_TOKEN: 'not-the-admin-token-at-all',
    });
    expect(wrongToken).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `gateway ${gateway.baseUrl} (GATEWAY_URL), admin token from ADMIN_TOKEN\ngateway refused (401): Invalid admin token\n`,
    });
    const unknownCoin = await gatewayCli(['merchant', 'create', '--name', 'X', '--coins', 'btc,nocoin'], env);
    expect(unknownCoin).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /\ngateway refused \(400\): enabled_coins has unknown currencies: nocoin\n$/,
      ),
    });
  });

  it('exits 1 when no gateway answers at the URL', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const run = await gatewayCli(['merchant', 'list', '--url', `http://127.0.0.1:${closedPort}`], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot reach the gateway at http://127.0.0.1:${closedPort} (ECONNREFUSED)`);
  });

  it('exits 2 on wrong arguments or a missing admin token, before calling the gateway', async () => {
    const missingName = await gatewayCli(['merchant', 'create', '--json'], env);
    expect(missingName.code).toBe(2);
    expect(missingName.stderr).toContain('missing --name');
    expect(missingName.stderr).toContain('Usage: gateway merchant create');

    const unknownFlag = await gatewayCli(['merchant', 'list', '--verbose'], env);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain("Unknown option '--verbose'");

    const extraArgument = await gatewayCli(['subscription', 'status', '123'], env);
    expect(extraArgument.code).toBe(2);
    expect(extraArgument.stderr).toContain('expected <subscription-id> <status>, got 123');

    const badInterval = await gatewayCli(
      [
        'plan',
        'create',
        gateway.demoMerchant.merchantId,
        '--title',
        'T',
        '--amount',
        '1',
        '--currency',
        'usd',
        '--interval-day',
        'weekly',
      ],
      env,
    );
    expect(badInterval.code).toBe(2);
    expect(badInterval.stderr).toContain('--interval-day must be a whole number, got "weekly"');

    const unknownAction = await gatewayCli(['merchant', 'delete'], env);
    expect(unknownAction.code).toBe(2);
    expect(unknownAction.stderr).toContain('unknown command "merchant delete"');

    const noToken = await gatewayCli(['merchant', 'list'], {
      GATEWAY_URL: gateway.baseUrl,
      DATA_DIR: path.join(scratch, 'empty'),
    });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('no admin token: set ADMIN_TOKEN');
  });
});
