import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CreatedMerchantView } from '../../services/admin/src';
import { AdminHttpClient } from '../../apps/gateway/src/commands/admin-http';
import { Child } from './child-process';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

/**
 * The embedded gateway rebuilds every stored payment's read model in memory: with the event store, 1.34 GB
 * of live heap at 1,000,000 payments (after a full GC, bench/results/README.md). Node derives its default
 * heap limit from the machine's memory (4 GB on the 24 GB bench machine, less on smaller ones), so the
 * gateway and the seeder the runner starts get a fixed one, about three times that.
 */
export const STORE_HEAP_NODE_ARGS = ['--max-old-space-size=4096'];

/** Where a scenario runs: the embedded default (one process) or the same command on the real engines. */
export interface Target {
  name: 'embedded' | 'engines';
  /** Environment added to the gateway's for this target. */
  env: Record<string, string>;
}

/** A target that cannot start in this build (the engines target before its adapters are wired). */
export class TargetUnavailableError extends Error {
  override readonly name = 'TargetUnavailableError';
}

export interface SystemOptions {
  target: Target;
  port: number;
  /** Environment every child inherits (PATH, HOME). */
  baseEnv: Record<string, string>;
  /** Writes a CPU profile of the gateway into this folder when it stops. */
  profileDir?: string;
  readyTimeoutMs?: number;
}

/** What scenarios load: a public URL, one merchant, and the processes that serve (sampled while measured). */
export interface System {
  readonly url: string;
  readonly merchant: CreatedMerchantView;
  /** Seconds the last start took. */
  readonly startSeconds: number;
  /** Name → pid of every process to sample; the first ones are ours, `engines` names the engines' among them. */
  processes(): Record<string, number>;
  /** Names in `processes()` that are the engines' servers (shared with other work on this machine). */
  readonly engines: readonly string[];
  /** Names in `processes()` whose CPU time counts their descendants (a server forking per connection). */
  readonly sampledWithDescendants: readonly string[];
  stop(): Promise<void>;
}

/** A gateway started by the runner in its own process, with a fresh data directory and one merchant. */
export class SystemUnderTest implements System {
  readonly engines: readonly string[] = [];
  readonly sampledWithDescendants: readonly string[] = [];

  private constructor(
    readonly options: SystemOptions,
    readonly dataDir: string,
    private gateway: Child,
    readonly merchant: CreatedMerchantView,
    /** Seconds the last start took, replay of the event store included. */
    public startSeconds: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get pid(): number {
    return this.gateway.pid;
  }

  processes(): Record<string, number> {
    return { gateway: this.gateway.pid };
  }

  static async start(options: SystemOptions): Promise<SystemUnderTest> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-bench-'));
    try {
      const started = Date.now();
      const gateway = await startGateway(options, dataDir);
      const startSeconds = (Date.now() - started) / 1000;
      const merchant = await createMerchant(`http://127.0.0.1:${options.port}`);
      return new SystemUnderTest(options, dataDir, gateway, merchant, startSeconds);
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Stops the gateway, lets `work` use its data directory, and starts it again (replaying the store). */
  async whileStopped(work: (dataDir: string) => Promise<void>): Promise<void> {
    await this.gateway.stop();
    await work(this.dataDir);
    const started = Date.now();
    this.gateway = await startGateway(this.options, this.dataDir);
    this.startSeconds = (Date.now() - started) / 1000;
  }

  async stop(): Promise<void> {
    await this.gateway.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

async function startGateway(options: SystemOptions, dataDir: string): Promise<Child> {
  const gateway = Child.start({
    name: 'gateway',
    script: 'apps/gateway/src/cli.ts',
    args: ['start'],
    env: {
      ...options.baseEnv,
      ...options.target.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      // Per-request access logs at info would measure pino writing to a pipe nobody reads.
      LOG_LEVEL: 'warn',
    },
    nodeArgs: [
      ...STORE_HEAP_NODE_ARGS,
      ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []),
    ],
  });
  try {
    await waitUntilReady(gateway, `http://127.0.0.1:${options.port}`, options.readyTimeoutMs ?? 15 * 60_000);
  } catch (error) {
    await gateway.stop();
    if (options.target.name !== 'embedded' && gateway.hasExited) {
      throw new TargetUnavailableError(lastErrorLine(gateway.printed()));
    }
    throw error;
  }
  return gateway;
}

/** Polls /health/ready until it answers 200; gives up at once when the child has exited. */
export async function waitUntilReady(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.hasExited) throw new Error(`${child.name} exited while starting:\n${child.printed()}`);
    const ready = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`${child.name} was not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A merchant created over the admin API, as `gateway merchant create` does, usable once its keys are. */
export async function createMerchant(url: string): Promise<CreatedMerchantView> {
  const admin = new AdminHttpClient({ url, token: BENCH_ADMIN_TOKEN });
  const merchant = await admin.request<CreatedMerchantView>('POST', '/merchants', { name: 'Bench merchant' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${url}/v1/payment?limit=1`, { headers: { 'x-api-key': merchant.api_key } });
    if (response.ok) return merchant;
    if (Date.now() > deadline) throw new Error(`the new merchant's API key was refused (${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function lastErrorLine(printed: string): string {
  const lines = printed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('at '));
  const reason = lines.find((line) => /^\w*Error:/.test(line)) ?? lines.at(-1) ?? 'the gateway exited';
  return reason.replace(/^\w*Error:\s*/, '');
}
