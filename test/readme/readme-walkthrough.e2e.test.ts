import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '@gw/platform';
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
/** A read the README documents an eventual state for is asked again until it shows it, up to this. */
const SETTLE_MS = 30_000;

class Shell {
  private readonly child: ChildProcessWithoutNullStreams;
  private output = '';
  private waiter: (() => void) | null = null;
  private count = 0;

  constructor(cwd: string, env: Record<string, string>) {
    this.child = spawn('bash', ['--noprofile', '--norc'], { cwd, env: { ...NEWCOMER_ENV, ...env } });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.take(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.take(chunk));
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

/** `./gateway start` as the README says, until its terminal shows the demo merchant's keys. */
async function startReadmeGateway(dataDir: string): Promise<StartedGateway> {
  const port = await freeLoopbackPort();
  const child = spawn(path.join(REPO_ROOT, 'gateway'), ['start'], {
    cwd: REPO_ROOT,
    env: { ...NEWCOMER_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
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
      // The family A and B example reads the demo merchant's keys from these, as the README says.
      MERCHANT_ID: gateway.keys.merchantId!,
      PAYMENT_KEY: gateway.keys.paymentKey!,
      BETA_KEY: gateway.keys.betaKey!,
    });
  }, 180_000);

  afterAll(async () => {
    shell?.close();
    if (gateway && gateway.process.exitCode === null) {
      const exited = new Promise((resolve) => gateway.process.once('exit', resolve));
      gateway.process.kill('SIGTERM');
      await exited;
    }
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
