import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '@gw/platform';
import { freshAccountPublicKey } from '@gw/chain/testing';
import { commandsOf, mismatches, readmeBlocks, REPO_ROOT } from './readme-commands';

/**
 * The README's commands, run as written against `./gateway start` (the compiled gateway, built when
 * stale) on a free port with a fresh DATA_DIR. Two things are filled in, as a reader would: this
 * instance's port for 8080 and the demo merchant's keys it printed.
 */

const README_URL = 'http://localhost:8080';

/**
 * A newcomer's shell: the test runner's own environment holds the engines' URLs (scripts/test exports
 * KAFKA_BROKERS, MONGODB_URL, REDIS_URL), which would start the gateway on the engines, not on the
 * embedded default the README describes.
 */
const NEWCOMER_ENV = Object.fromEntries(
  ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TERM', 'USER']
    .filter((name) => process.env[name] !== undefined)
    .map((name) => [name, process.env[name]!]),
);
/** The engines' ports, when a run moved them (INFRA_*_PORT), so `scripts/infra` finds the nodes that run. */
const INFRA_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name.startsWith('INFRA_')),
);
/** A read the README documents an eventual state for is asked again until it shows it, up to this. */
const SETTLE_MS = 30_000;

class Shell {
  private readonly child: ChildProcessWithoutNullStreams;
  private output = '';
  private waiter: (() => void) | null = null;
  private count = 0;

  constructor(cwd: string, env: Record<string, string>) {
    this.child = spawn('bash', ['--noprofile', '--norc'], { cwd, env });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.take(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.take(chunk));
  }

  /** The session's environment as it stands (what it exported so far). */
  async environment(): Promise<Record<string, string>> {
    const { output } = await this.run(`node -p 'JSON.stringify(process.env)'`);
    return JSON.parse(output) as Record<string, string>;
  }

  /** Runs one command in the session (its variables stay for the next) and returns what it printed. */
  async run(command: string): Promise<{ code: number; output: string }> {
    const marker = `__readme_command_${++this.count}__`;
    this.output = '';
    this.child.stdin.write(`${command}\nprintf '\\n${marker} %s\\n' "$?"\n`);
    const done = new RegExp(`\\n${marker} (\\d+)\\n`);
    while (!done.test(this.output)) await new Promise<void>((resolve) => (this.waiter = resolve));
    const match = done.exec(this.output)!;
    return { code: Number(match[1]), output: this.output.slice(0, match.index).trim() };
  }

  close(): void {
    this.child.stdin.end();
  }

  private take(chunk: string): void {
    this.output += chunk;
    this.waiter?.();
  }
}

interface StartedGateway {
  process: ChildProcessWithoutNullStreams;
  /** Where the commands reach it. */
  url: string;
  /** Its BASE_URL (http://localhost:<port>), in the URLs it hands out. */
  baseUrl: string;
  keys: Record<string, string>;
}

/**
 * `./gateway start` as the README says, in a shell with `env`, until its terminal shows the demo
 * merchant's keys.
 */
async function startReadmeGateway(
  dataDir: string,
  env: Record<string, string> = NEWCOMER_ENV,
): Promise<StartedGateway> {
  const port = await freeLoopbackPort();
  const child = spawn(path.join(REPO_ROOT, 'gateway'), ['start'], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let terminal = '';
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      terminal += chunk;
      if (/family B merchant_api_key.*\n/.test(terminal)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`./gateway start exited (${code}):\n${terminal}`)));
  });
  const key = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(terminal)?.[1] ?? '';
  const keys = {
    apiKey: key('V1 x-api-key'),
    merchantId: key('merchant id \\(family A "merchant" header\\)'),
    paymentKey: key('family A payment key \\(for "sign"\\)'),
    betaKey: key('family B merchant_api_key'),
  };
  // The keys are shown on the terminal only: the JSON log lines on standard output never carry them.
  for (const secret of Object.values(keys)) expect(stdout).not.toContain(secret);
  return { process: child, url: `http://127.0.0.1:${port}`, baseUrl: `http://localhost:${port}`, keys };
}

async function stopReadmeGateway(gateway: StartedGateway | undefined): Promise<void> {
  if (!gateway || gateway.process.exitCode !== null) return;
  const exited = new Promise((resolve) => gateway.process.once('exit', resolve));
  gateway.process.kill('SIGTERM');
  await exited;
}

async function runDocumented(shell: Shell, block: string, gateway: StartedGateway): Promise<void> {
  for (const { text, documented: asWritten } of commandsOf(block)) {
    const command = text.replaceAll(README_URL, gateway.url);
    const documented = asWritten?.replaceAll(README_URL, gateway.baseUrl) ?? null;
    const first = await shell.run(command);
    expect({ command: text, code: first.code }).toEqual({ command: text, code: 0 });
    let output = first.output;
    if (documented === null) continue;
    // Payments move on asynchronously; a read is asked again until it shows the documented state.
    const isRead = command.startsWith('curl ') && !/ -X | -d /.test(command);
    const deadline = Date.now() + SETTLE_MS;
    while (isRead && mismatches(documented, output).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      ({ output } = await shell.run(command));
    }
    expect({ command: text, mismatches: mismatches(documented, output) }).toEqual({
      command: text,
      mismatches: [],
    });
  }
}

describe('the README, run as written', () => {
  let dataDir: string;
  let gateway: StartedGateway;
  let shell: Shell;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'readme-walkthrough-'));
    gateway = await startReadmeGateway(dataDir);
    shell = new Shell(await mkdtemp(path.join(tmpdir(), 'readme-shell-')), {
      ...NEWCOMER_ENV,
      // The family A and B example reads the demo merchant's keys from these, as the README says.
      MERCHANT_ID: gateway.keys.merchantId!,
      PAYMENT_KEY: gateway.keys.paymentKey!,
      BETA_KEY: gateway.keys.betaKey!,
    });
  }, 180_000);

  afterAll(async () => {
    shell?.close();
    await stopReadmeGateway(gateway);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('"A first payment" walks a payment from waiting through partially_paid to finished', async () => {
    const [walkthrough, families] = readmeBlocks('A first payment');
    const keyLine = "KEY=<the demo merchant's V1 x-api-key>";
    expect(walkthrough).toContain(keyLine);
    await runDocumented(shell, walkthrough!.replace(keyLine, `KEY=${gateway.keys.apiKey}`), gateway);
    await runDocumented(shell, families!, gateway);
  }, 120_000);
});

/**
 * "Taking real payments" on the regtest litecoind `scripts/infra` runs: the nodes' block starts the
 * gateway in its shell (the test starts it with that shell's environment), the wallet block runs with
 * the demo merchant's id and a new wallet's vpub filled in (the node keeps
 * its chain between runs, so a fixed seed's first address would already be paid), and the payment block pays from
 * litecoind's own wallet and mines.
 */
describe("the README's real payment, run as written", () => {
  let dataDir: string;
  let gateway: StartedGateway | undefined;
  let shell: Shell;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'readme-real-payment-'));
    // The CLI in the wallet block finds this instance as the README says: from PORT and DATA_DIR.
    shell = new Shell(REPO_ROOT, { ...NEWCOMER_ENV, ...INFRA_ENV, DATA_DIR: dataDir });
  });

  afterAll(async () => {
    shell?.close();
    await stopReadmeGateway(gateway);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes an ltc payment from a litecoind wallet to finished', async () => {
    const [nodes, wallet, payment] = readmeBlocks('Taking real payments');
    const nodeCommands = commandsOf(nodes!).map(({ text }) => text);
    expect(nodeCommands.at(-1)).toMatch(/^\.\/gateway start(\s+#.*)?$/);
    for (const command of nodeCommands.slice(0, -1)) {
      const { code, output } = await shell.run(command);
      if (code !== 0) throw new Error(`${command} failed (exit ${code}):\n${output}`);
    }
    const started = await startReadmeGateway(dataDir, await shell.environment());
    gateway = started;
    await shell.run(`export PORT=${new URL(started.url).port}`);

    const merchant = '<merchant id>';
    const key = 'vpub5Y…';
    expect(wallet).toContain(merchant);
    expect(wallet).toContain(` ${key} `);
    await runDocumented(
      shell,
      wallet!.replaceAll(merchant, started.keys.merchantId!).replace(key, freshAccountPublicKey(1, 'vpub')),
      started,
    );

    const keyLine = "KEY=<the demo merchant's V1 x-api-key>";
    expect(payment).toContain(keyLine);
    await runDocumented(shell, payment!.replace(keyLine, `KEY=${started.keys.apiKey}`), started);
  }, 180_000);
});
