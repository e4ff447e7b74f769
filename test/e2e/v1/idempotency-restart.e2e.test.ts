import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '@gw/platform';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(REPO_ROOT, 'apps', 'gateway', 'src', 'cli.ts');

/** `gateway start` as its own OS process on the embedded default, as a merchant runs it. */
class EmbeddedGatewayProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    /** The demo merchant's V1 key, printed on the first start of an empty DATA_DIR only. */
    readonly apiKey: string | null,
  ) {}

  /** Resolves once the gateway printed that it listens (and, on a first start, its demo merchant's keys). */
  static async start(dataDir: string, firstStart: boolean): Promise<EmbeddedGatewayProcess> {
    const port = await freeLoopbackPort();
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'start'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_TOKEN: 'crash-test-admin-token-0123456789',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    const announced = (): boolean =>
      firstStart ? printed.includes('Try: curl') : printed.includes('listening on');
    await new Promise<void>((resolve, reject) => {
      const onOutput = (chunk: Buffer) => {
        printed += chunk.toString('utf8');
        if (announced()) resolve();
      };
      child.stdout!.on('data', onOutput);
      child.stderr!.on('data', onOutput);
      child.once('exit', (code) =>
        reject(new Error(`the gateway exited (${code}) before it was ready:\n${printed}`)),
      );
    });
    const apiKey = /V1 x-api-key\s+(\S+)/.exec(printed)?.[1] ?? null;
    return new EmbeddedGatewayProcess(child, `http://127.0.0.1:${port}`, apiKey);
  }

  /** `kill -9`: no drain, no flush, nothing but what already reached the disk survives. */
  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const exited = once(this.child, 'exit');
    process.kill(this.child.pid!, signal);
    await exited;
  }
}

describe('Idempotency-Key across a crash of the embedded gateway', () => {
  let dataDir: string;
  let running: EmbeddedGatewayProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-idempotency-crash-'));
  });

  afterAll(async () => {
    await running?.kill('SIGKILL').catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('replays the first answer after kill -9 and after a restart, and never opens a second payment', async () => {
    running = await EmbeddedGatewayProcess.start(dataDir, true);
    const apiKey = running.apiKey!;
    const body = JSON.stringify({
      price_amount: 25,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_id: 'CRASH-1',
    });
    const create = (url: string) =>
      fetch(`${url}/v1/payment`, {
        method: 'POST',
        headers: {
          'x-api-key': apiKey,
          'content-type': 'application/json',
          'idempotency-key': 'order-crash-1',
        },
        body,
      });

    const first = await create(running.url);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { payment_id: number; pay_address: string };

    await running.kill('SIGKILL');
    running = await EmbeddedGatewayProcess.start(dataDir, false);
    const afterCrash = await create(running.url);

    expect(afterCrash.status).toBe(201);
    expect(afterCrash.headers.get('idempotent-replayed')).toBe('true');
    expect(await afterCrash.json()).toMatchObject({
      payment_id: created.payment_id,
      pay_address: created.pay_address,
    });

    await running.kill('SIGTERM');
    running = await EmbeddedGatewayProcess.start(dataDir, false);
    const afterRestart = await create(running.url);

    expect(afterRestart.status).toBe(201);
    expect(await afterRestart.json()).toMatchObject({
      payment_id: created.payment_id,
      pay_address: created.pay_address,
    });
    const listed = await fetch(`${running.url}/v1/payment/?limit=100`, { headers: { 'x-api-key': apiKey } });
    const list = (await listed.json()) as { total: number; data: { payment_id: number }[] };
    expect(list.total).toBe(1);
    expect(list.data.map((payment) => payment.payment_id)).toEqual([created.payment_id]);
  });
});
