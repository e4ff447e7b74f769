import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '@gw/platform';
import { JsonRpcClient } from '../../../services/chain/src/watchers/utxo/json-rpc-client';
import { p2wsh, Script } from '@scure/btc-signer';
import { minerPayment, REGTEST } from './regtest-keys';

export type RegtestNetwork = 'btc' | 'ltc';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const INFRA_DIR = process.env.INFRA_DIR ?? path.join(REPO_ROOT, '.infra');
const BINARIES: Record<RegtestNetwork, string> = {
  btc: path.join(INFRA_DIR, 'install', 'btcd-0.26.2', 'bin', 'btcd'),
  ltc: '/usr/lib/litecoin/litecoind',
};
/** An address nobody in the tests spends from (a burn-like P2WSH of OP_TRUE on regtest). */
const OTHER_LTC_ADDRESS = p2wsh({ type: 'unknown', script: Script.encode(['OP_1']) }, REGTEST.ltc).address!;
const USER = 'test';
const PASSWORD = 'test';

/**
 * A private test-chain node for one test file (btcd on simnet for btc, litecoind on regtest for ltc),
 * installed by `scripts/infra up`: reorganisations and restarts in one file never disturb another's chain.
 */
export class RegtestNode {
  private child: ChildProcess | null = null;
  readonly rpc: JsonRpcClient;

  private constructor(
    readonly network: RegtestNetwork,
    readonly port: number,
    private readonly dataDir: string,
  ) {
    this.rpc = new JsonRpcClient({ url: this.url, user: USER, password: PASSWORD, timeoutMs: 60_000 });
  }

  static async start(network: RegtestNetwork): Promise<RegtestNode> {
    if (!existsSync(BINARIES[network])) {
      throw new Error(
        `${BINARIES[network]} is missing: run scripts/infra up (it installs btcd and litecoind)`,
      );
    }
    const node = new RegtestNode(
      network,
      await freeLoopbackPort(),
      await mkdtemp(path.join(tmpdir(), `regtest-${network}-`)),
    );
    await node.launch();
    return node;
  }

  /** Blocks before the node relays segwit transactions: btcd's simnet activates segwit at height 300. */
  get segwitActivationHeight(): number {
    return this.network === 'btc' ? 300 : 0;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The gateway configuration that points its watcher at this node. */
  watcherEnv(confirmations: number): Record<string, string> {
    const prefix = this.network.toUpperCase();
    return {
      [`${prefix}_RPC_URL`]: this.url,
      [`${prefix}_RPC_USER`]: USER,
      [`${prefix}_RPC_PASSWORD`]: PASSWORD,
      [`${prefix}_CONFIRMATIONS`]: String(confirmations),
    };
  }

  call<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.rpc.call<T>(method, params);
  }

  /**
   * Mines blocks paying the test miner; returns their hashes. `other` mines a branch after
   * invalidateblock: litecoind would rebuild the very block it was told is invalid, so that branch
   * pays another address (btcd's templates differ anyway by their random extra nonce).
   */
  mine(count: number, payee: 'miner' | 'other' = 'miner'): Promise<string[]> {
    if (this.network === 'btc') return this.call<string[]>('generate', [count]);
    const address = payee === 'miner' ? minerPayment('ltc').address : OTHER_LTC_ADDRESS;
    return this.call<string[]>('generatetoaddress', [count, address]);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** Stops and starts the node on the same port and data. */
  async restart(): Promise<void> {
    await this.stop();
    await this.launch();
  }

  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  private async launch(): Promise<void> {
    const args = this.network === 'btc' ? this.btcdArgs() : await this.litecoindArgs();
    const child = spawn(BINARIES[this.network], args, { stdio: 'ignore' });
    this.child = child;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${this.network} node exited (${code}) while starting`))),
    );
    exited.catch(() => undefined);
    await Promise.race([this.untilAnswering(), exited]);
  }

  private async untilAnswering(): Promise<void> {
    for (;;) {
      try {
        await this.call('getblockcount');
        return;
      } catch {
        // Not listening yet, or still loading its block index: the RPC answers once it is ready.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  private btcdArgs(): string[] {
    return [
      '--simnet',
      '--configfile=/dev/null',
      `--datadir=${this.dataDir}/data`,
      `--logdir=${this.dataDir}/logs`,
      `--rpclisten=127.0.0.1:${this.port}`,
      '--notls',
      `--rpcuser=${USER}`,
      `--rpcpass=${PASSWORD}`,
      '--txindex',
      '--addrindex',
      '--nolisten',
      `--miningaddr=${minerPayment('btc').address}`,
    ];
  }

  private async litecoindArgs(): Promise<string[]> {
    const conf = path.join(this.dataDir, 'litecoin.conf');
    await writeFile(
      conf,
      [
        'regtest=1',
        'server=1',
        'txindex=1',
        'listen=0',
        // Litecoin Core turns BIP 125 replacement off by default; the double-spend tests replace a payment.
        'mempoolreplacement=1',
        '[regtest]',
        'rpcbind=127.0.0.1',
        'rpcallowip=127.0.0.1',
        `rpcport=${this.port}`,
        `rpcuser=${USER}`,
        `rpcpassword=${PASSWORD}`,
        // MWEB never activates: past its regtest height (432) this litecoind cannot mine transactions.
        'vbparams=mweb:4102444800:4102444801:2147483646:2147483647',
        '',
      ].join('\n'),
    );
    return [`-datadir=${this.dataDir}`, `-conf=${conf}`];
  }
}
