import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(REPO_ROOT, 'apps', 'gateway', 'src', 'cli.ts');
const LISTENING = /listening on (http:\/\/[^\s:]+:\d+)/;
export const CRASH_TEST_ADMIN_TOKEN = 'crash-test-admin-token-0123456789';

/** What the first start of an empty DATA_DIR prints once: the demo merchant's id and V1 key. */
export interface DemoMerchantKeys {
  merchantId: string;
  apiKey: string;
  /** Family A's signing key and family B's merchant_api_key. */
  paymentKey: string;
  betaApiKey: string;
}

/** `gateway start` as its own OS process on the embedded default, as a merchant runs it. */
export class EmbeddedGatewayProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    /** Printed on the first start of an empty DATA_DIR only. */
    readonly demoMerchant: DemoMerchantKeys | null,
  ) {}

  /**
   * Resolves once the gateway printed that it listens (and, on a first start, its demo merchant's keys).
   * `env` adds to the configuration (nodes to watch, SANDBOX_ENABLED…). The gateway listens on port 0
   * and its URL is the one it prints: a port chosen free beforehand could be taken by another process
   * in between, which would then answer this gateway's requests.
   */
  static async start(
    dataDir: string,
    firstStart: boolean,
    env: Record<string, string> = {},
  ): Promise<EmbeddedGatewayProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'start'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_TOKEN: CRASH_TEST_ADMIN_TOKEN,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    const announced = (): boolean =>
      LISTENING.test(printed) && (!firstStart || printed.includes('Try: curl'));
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
    const merchantId = /merchant id \(family A "merchant" header\)\s+(\S+)/.exec(printed)?.[1];
    const apiKey = /V1 x-api-key\s+(\S+)/.exec(printed)?.[1];
    const paymentKey = /family A payment key \(for "sign"\)\s+(\S+)/.exec(printed)?.[1] ?? '';
    const betaApiKey = /family B merchant_api_key\s+(\S+)/.exec(printed)?.[1] ?? '';
    const demoMerchant = merchantId && apiKey ? { merchantId, apiKey, paymentKey, betaApiKey } : null;
    return new EmbeddedGatewayProcess(child, LISTENING.exec(printed)![1]!, demoMerchant);
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** `kill -9`: no drain, no flush, nothing but what already reached the disk survives. */
  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const exited = once(this.child, 'exit');
    process.kill(this.child.pid!, signal);
    await exited;
  }
}
