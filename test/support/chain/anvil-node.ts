import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENV_PREFIX, freeLoopbackPort, type EvmWatchedNetwork } from '@gw/platform';
import {
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  publicActions,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** anvil's first funded account (its published default mnemonic): the buyer of the EVM tests. */
const BUYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** anvil's second funded account: someone else whose transactions share the buyer's blocks. */
const STRANGER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

/** The binary inside @foundry-rs/anvil's platform package, as scripts/infra finds it. */
function anvilBinary(): string {
  const anvil = createRequire(require.resolve('@foundry-rs/anvil/package.json'));
  const arch = process.arch === 'arm64' ? 'arm64' : 'amd64';
  const pkg = anvil.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return path.join(path.dirname(pkg), 'bin', 'anvil');
}

/** anvil's own chain id; a node started as BNB Smart Chain (56) or Polygon (137) answers with theirs. */
export const ANVIL_CHAIN_ID = 31337;

function clientsOf(url: string, chainId: number, buyer: PrivateKeyAccount, stranger: PrivateKeyAccount) {
  const transport = http(url, { retryCount: 0 });
  const foundry = defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  return {
    test: createTestClient({ chain: foundry, mode: 'anvil', transport }).extend(publicActions),
    buyer: createWalletClient({ account: buyer, chain: foundry, transport }).extend(publicActions),
    stranger: createWalletClient({ account: stranger, chain: foundry, transport }).extend(publicActions),
  };
}

/**
 * A private anvil for one test file, mining a block for each transaction it receives: reorganisations
 * and outages in one file never disturb another's chain. Its chain id is anvil's own by default, or the
 * one of the chain it stands in for (56 for BNB Smart Chain, 137 for Polygon).
 */
export class AnvilNode {
  private child: ChildProcess | null = null;
  readonly buyerAccount = privateKeyToAccount(BUYER_KEY);
  readonly strangerAccount = privateKeyToAccount(STRANGER_KEY);
  readonly clients: ReturnType<typeof clientsOf>;

  private constructor(
    readonly port: number,
    readonly chainId: number,
  ) {
    this.clients = clientsOf(this.url, chainId, this.buyerAccount, this.strangerAccount);
  }

  static async start(chainId = ANVIL_CHAIN_ID): Promise<AnvilNode> {
    const node = new AnvilNode(await freeLoopbackPort(), chainId);
    await node.launch();
    return node;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What the gateway needs to watch this node as `network` (ETH_…, BSC_…, POLYGON_…), its USDT being `usdtContract`. */
  watcherEnv(
    requiredConfirmations: number,
    usdtContract: string,
    network: EvmWatchedNetwork = 'eth',
  ): Record<string, string> {
    const prefix = ENV_PREFIX[network];
    return {
      [`${prefix}_RPC_URL`]: this.url,
      [`${prefix}_CHAIN_ID`]: String(this.chainId),
      [`${prefix}_CONFIRMATIONS`]: String(requiredConfirmations),
      [`${prefix}_USDT_CONTRACT`]: usdtContract,
    };
  }

  /** Sends wei from the buyer; anvil mines it into a block at once. */
  async payNative(to: string, wei: bigint): Promise<Hash> {
    return this.broadcast(await this.signNative(to, wei));
  }

  /** A signed transfer of wei from the buyer, to broadcast (again, after a reorganisation dropped it). */
  async signNative(to: string, wei: bigint): Promise<Hex> {
    const request = await this.clients.buyer.prepareTransactionRequest({ to: to as Address, value: wei });
    return this.clients.buyer.signTransaction(request);
  }

  async broadcast(signed: Hex): Promise<Hash> {
    const hash = await this.clients.buyer.sendRawTransaction({ serializedTransaction: signed });
    await this.clients.buyer.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  }

  /** Mines the signed transactions into one new block, in the order given (the node keeps arrival order). */
  async mineInOneBlock(signed: Hex[]): Promise<Hash[]> {
    const { test, buyer } = this.clients;
    await test.setAutomine(false);
    try {
      const hashes: Hash[] = [];
      for (const tx of signed) hashes.push(await buyer.sendRawTransaction({ serializedTransaction: tx }));
      await this.mine(1);
      return hashes;
    } finally {
      await test.setAutomine(true);
    }
  }

  async mine(blocks: number): Promise<void> {
    await this.clients.test.mine({ blocks });
  }

  /** Drops the last `depth` blocks for as many empty ones: what they held is gone from the chain. */
  async reorg(depth: number): Promise<void> {
    await this.clients.test.request({ method: 'anvil_reorg', params: [depth, []] } as never);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }

  private async launch(): Promise<void> {
    const child = spawn(
      anvilBinary(),
      [
        ...['--host', '127.0.0.1', '--port', String(this.port), '--chain-id', String(this.chainId)],
        // Transactions of one block in the order they arrived: a test decides who comes first.
        ...['--order', 'fifo', '--silent'],
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    const failed = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`anvil exited with ${code} before it answered`))),
    );
    const answers = (async () => {
      for (;;) {
        try {
          await this.clients.test.getChainId();
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    })();
    await Promise.race([answers, failed]);
  }
}
