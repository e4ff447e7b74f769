import {
  createPublicClient,
  getAddress,
  http,
  parseAbiItem,
  TransactionNotFoundError,
  type Address,
  type Hash,
  type Log,
  type PublicClient,
} from 'viem';
import type {
  AddressHistory,
  ChainBlock,
  ChainSource,
  NodeState,
  Transfer,
  WatchedRecipient,
} from '../chain-source';

/** The ERC-20 (and BEP-20) event every token transfer emits, whoever sends it: an account or a contract. */
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const DECIMALS = parseAbiItem('function decimals() view returns (uint8)');
const BALANCE_OF = parseAbiItem('function balanceOf(address owner) view returns (uint256)');
type Syncing = false | { currentBlock: string; highestBlock: string };
type TransferLog = Log<bigint, number, false, typeof TRANSFER, true>;

/** Blocks one eth_getLogs covers: providers cap ranges (often at 1,000 to 10,000 blocks) and result sizes. */
export const LOG_BLOCK_RANGE = 500;
/**
 * Recipients one eth_getLogs filters on, so a busy merchant's topic list stays within what nodes accept.
 * Past this many, a block's Transfer logs of the followed contracts are read whole and filtered here: one
 * query a block however many addresses are watched, where 70,000 watched addresses (a week of 10,000
 * payments a day) would take 350 filtered queries.
 */
export const LOG_RECIPIENTS_PER_QUERY = 200;
/** How a native coin transfer names its asset in a recipient (`native:0xabc…`); tokens use their contract. */
const NATIVE = 'native';

export interface EvmChainSourceOptions {
  network: string;
  rpcUrl: string;
  rpcUser: string | null;
  rpcPassword: string | null;
  chainId: number;
  nativeCoin: string;
  /** Contract by catalogue coin code (usdterc20 → 0xdAC1…). */
  tokens: Readonly<Record<string, string>>;
  /** The catalogue's on-chain decimals of each coin followed (wei: 18; USDT on Ethereum: 6). */
  decimalsOf: (coin: string) => number;
  timeoutMs?: number;
  /** The fetch the transport sends with (a rate-limited one, with a provider's key header); global fetch by default. */
  fetchFn?: typeof fetch;
  /**
   * The 0x hex address the JSON-RPC names a pay address by, or null when it is not one of this chain's:
   * the address itself on an EVM chain (by default), the `T…` address's 20 bytes on Tron.
   */
  hexAddressOf?: (payAddress: string) => string | null;
  /** Whether the node counts an account's sent transactions (eth_getTransactionCount); Tron's JSON-RPC has no nonce. */
  countsSentTransactions?: boolean;
  /**
   * The native coin a mined transaction with a value to a watched address moved, or null when it moved
   * none: by default its value when its receipt succeeded (a reverted one moves nothing). Tron overrides
   * it: its JSON-RPC gives every contract type a value (TRC-10 amounts, votes, frozen TRX).
   */
  nativeAmountOf?: (tx: { hash: Hash; to: Address; value: bigint }) => Promise<bigint | null>;
}

const EVM_HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An EVM chain (Ethereum, BNB Smart Chain, Polygon PoS) read over its JSON-RPC with viem. The native coin
 * arrives as a transaction's value to a watched address (found by reading each block's transactions, and
 * counted only when its receipt succeeded); tokens as Transfer logs of the configured contracts to watched
 * addresses, queried with eth_getLogs over bounded block ranges. A token deposit is the transaction hash
 * and the log's place among that transaction's logs (not its `logIndex` in the block, which changes when
 * a reorganisation mines the transaction again behind other logs); a native one is the transaction hash
 * alone (no output index): one transaction carries one value. Value a contract forwards internally (no log, no transaction of its own) is not seen.
 */
export class EvmChainSource implements ChainSource {
  readonly network: string;
  private readonly client: PublicClient;
  private readonly contractOf: ReadonlyMap<string, Address>;
  private checkedChain = false;
  private tip = 0;
  /** Transfer logs of the last range queried, valid for the poll that queried them. */
  private logRange: { from: number; to: number; key: string; logs: TransferLog[] } | null = null;

  constructor(private readonly options: EvmChainSourceOptions) {
    this.network = options.network;
    const headers: Record<string, string> = {};
    if (options.rpcUser !== null)
      headers.authorization = `Basic ${Buffer.from(`${options.rpcUser}:${options.rpcPassword ?? ''}`).toString('base64')}`;
    this.client = createPublicClient({
      // Never a cached block number: the watcher asks for the tip once a poll and wants the real one.
      cacheTime: 0,
      transport: http(options.rpcUrl, {
        fetchOptions: { headers },
        ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
        timeout: options.timeoutMs ?? 10_000,
        retryCount: 0,
      }),
    });
    this.contractOf = new Map(
      Object.entries(options.tokens).map(([coin, contract]) => [coin, getAddress(contract)]),
    );
  }

  decimalsOf(payCurrency: string): number {
    return this.options.decimalsOf(payCurrency);
  }

  recipientOf({ payAddress, payCurrency }: WatchedRecipient): string | null {
    const hex = this.hexAddressOf(payAddress);
    if (hex === null) return null;
    const asset = payCurrency === this.options.nativeCoin ? NATIVE : this.contractOf.get(payCurrency);
    return asset === undefined ? null : `${asset.toLowerCase()}:${hex.toLowerCase()}`;
  }

  private hexAddressOf(payAddress: string): string | null {
    if (this.options.hexAddressOf) return this.options.hexAddressOf(payAddress);
    return EVM_HEX_ADDRESS.test(payAddress) ? payAddress : null;
  }

  /** A mined transaction's value, when its receipt succeeded: a reverted one keeps its place in the block but moves no value. */
  private async nativeAmountOf(tx: { hash: Hash; to: Address; value: bigint }): Promise<bigint | null> {
    if (this.options.nativeAmountOf) return this.options.nativeAmountOf(tx);
    const receipt = await this.client.getTransactionReceipt({ hash: tx.hash });
    return receipt.status === 'success' ? tx.value : null;
  }

  async state(): Promise<NodeState> {
    if (!this.checkedChain) await this.checkChain();
    this.logRange = null;
    const [block, syncing] = await Promise.all([
      this.client.getBlock({ blockTag: 'latest' }),
      // viem's public actions have no eth_syncing: false when in sync, else where the sync stands.
      this.client.request({ method: 'eth_syncing' } as never) as Promise<Syncing>,
    ]);
    this.tip = Number(block.number);
    const behind =
      syncing === false
        ? 0
        : Math.max(0, Number(BigInt(syncing.highestBlock) - BigInt(syncing.currentBlock)));
    return { tip: { height: this.tip, hash: block.hash }, blocksBehind: behind };
  }

  async hashAt(height: number): Promise<string | null> {
    if (height > this.tip) {
      this.tip = Number(await this.client.getBlockNumber());
      if (height > this.tip) return null;
    }
    return (await this.client.getBlock({ blockNumber: BigInt(height) })).hash;
  }

  async block(hash: string, recipients: ReadonlySet<string>): Promise<ChainBlock> {
    const block = await this.client.getBlock({ blockHash: hash as Hash, includeTransactions: true });
    const height = Number(block.number);
    const native: Transfer[] = [];
    for (const tx of block.transactions) {
      if (tx.to === null || tx.value === 0n) continue;
      const recipient = `${NATIVE}:${tx.to.toLowerCase()}`;
      if (!recipients.has(recipient)) continue;
      const amount = await this.nativeAmountOf({ hash: tx.hash, to: tx.to, value: tx.value });
      if (amount === null || amount === 0n) continue;
      native.push({ txHash: tx.hash, outputIndex: null, recipient, amount });
    }
    const tokens: Transfer[] = [];
    for (const log of await this.transferLogs(height, block.hash, recipients)) {
      tokens.push({
        txHash: log.transactionHash,
        outputIndex: await this.placeInTransaction(log),
        recipient: `${log.address.toLowerCase()}:${log.args.to.toLowerCase()}`,
        amount: log.args.value,
      });
    }
    return { hash: block.hash, height, previousHash: block.parentHash, transfers: [...native, ...tokens] };
  }

  /**
   * Where a log stands among its own transaction's logs. A log's `logIndex` counts from the start of its
   * block, so the same transaction mined again in another block after a reorganisation (behind other
   * transactions' logs) would have another one: the place inside the transaction is what stays, and it
   * is what tells a deposit apart.
   */
  private async placeInTransaction(log: TransferLog): Promise<number> {
    const receipt = await this.client.getTransactionReceipt({ hash: log.transactionHash });
    const place = receipt.logs.findIndex((own) => own.logIndex === log.logIndex);
    if (receipt.blockHash !== log.blockHash || place < 0)
      throw new Error(
        `${this.network} transaction ${log.transactionHash} moved to block ${receipt.blockHash} while block ${log.blockHash} was read: the chain changed under the scan`,
      );
    return place;
  }

  /** Mined transactions only: an EVM deposit counts from its block (one confirmation). */
  async pending(): Promise<Transfer[]> {
    return [];
  }

  /** Pending in the node's pool or mined in its canonical chain; a transaction reorganised out and dropped is unknown. */
  async knowsTransaction(txHash: string): Promise<boolean> {
    try {
      await this.client.getTransaction({ hash: txHash as Hash });
      return true;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return false;
      throw error;
    }
  }

  /**
   * An address that sent a transaction (nonce), holds the native coin or a followed token, or ever
   * received a followed token. The Transfer logs are asked for over the whole chain in one query; a
   * node that refuses so wide a range (most providers cap it) is asked for the last LOG_BLOCK_RANGE
   * blocks, and older token money that was moved on again is missed: caught when it arrives instead,
   * since money older than the payment never counts (packages/domain prior-deposits.ts). Native coin
   * received and moved on again by a contract leaves no trace a node can be asked about.
   */
  async addressHistory(address: string): Promise<AddressHistory> {
    const hex = this.hexAddressOf(address);
    if (hex === null) throw new Error(`${address} is not a ${this.network} address`);
    const owner = getAddress(hex);
    const contracts = [...this.contractOf.values()];
    const [nonce, balance, tokenBalances] = await Promise.all([
      this.options.countsSentTransactions === false
        ? 0
        : this.client.getTransactionCount({ address: owner, blockTag: 'pending' }),
      this.client.getBalance({ address: owner }),
      Promise.all(contracts.map((contract) => this.tokenBalance(contract, owner))),
    ]);
    const logs = contracts.length === 0 ? [] : await this.transfersTo(contracts, owner);
    const txHash = logs[0]?.transactionHash ?? null;
    const used = nonce > 0 || balance > 0n || tokenBalances.some((units) => units > 0n) || logs.length > 0;
    return { used, txHash };
  }

  private async tokenBalance(contract: Address, owner: Address): Promise<bigint> {
    const code = await this.client.getCode({ address: contract });
    if (code === undefined || code === '0x') return 0n;
    return this.client.readContract({
      address: contract,
      abi: [BALANCE_OF],
      functionName: 'balanceOf',
      args: [owner],
    });
  }

  private async transfersTo(contracts: Address[], owner: Address): Promise<TransferLog[]> {
    const query = (fromBlock: bigint) =>
      this.client.getLogs({
        address: contracts,
        event: TRANSFER,
        args: { to: owner },
        fromBlock,
        strict: true,
      });
    try {
      return (await query(0n)) as TransferLog[];
    } catch {
      const latest = await this.client.getBlockNumber();
      const from = latest > BigInt(LOG_BLOCK_RANGE) ? latest - BigInt(LOG_BLOCK_RANGE) + 1n : 0n;
      return (await query(from)) as TransferLog[];
    }
  }

  private async transferLogs(
    height: number,
    blockHash: string,
    recipients: ReadonlySet<string>,
  ): Promise<TransferLog[]> {
    const watched = [...recipients].filter((recipient) => !recipient.startsWith(`${NATIVE}:`));
    if (watched.length === 0) return [];
    // Counted before any is checksummed: getAddress hashes each one.
    if (new Set(watched.map((recipient) => recipient.split(':')[1])).size > LOG_RECIPIENTS_PER_QUERY) {
      const logs = await this.queryLogs([...this.contractOf.values()], null, { blockHash });
      return logs.filter((log) =>
        recipients.has(`${log.address.toLowerCase()}:${log.args.to.toLowerCase()}`),
      );
    }
    const key = watched.sort().join(',');
    const range = this.logRange;
    if (!range || range.key !== key || height < range.from || height > range.to) {
      const to = Math.max(height, Math.min(height + LOG_BLOCK_RANGE - 1, this.tip));
      this.logRange = {
        from: height,
        to,
        key,
        logs: await this.queryLogs(contractsOf(watched), addressesOf(watched), {
          fromBlock: height,
          toBlock: to,
        }),
      };
    }
    const logs = this.logRange!.logs.filter((log) => log.blockNumber === BigInt(height));
    if (logs.every((log) => log.blockHash === blockHash)) return logs;
    // The range was read from another branch: ask for this block's own logs.
    return this.queryLogs(contractsOf(watched), addressesOf(watched), { blockHash });
  }

  /** Transfer logs of the contracts, to the addresses (any address: null), in a block or a range of blocks. */
  private async queryLogs(
    contracts: Address[],
    to: Address[] | null,
    where: { fromBlock: number; toBlock: number } | { blockHash: string },
  ): Promise<TransferLog[]> {
    const filter = {
      address: contracts,
      event: TRANSFER,
      ...(to ? { args: { to } } : {}),
      strict: true,
    } as const;
    const logs =
      'blockHash' in where
        ? await this.client.getLogs({ ...filter, blockHash: where.blockHash as Hash })
        : await this.client.getLogs({
            ...filter,
            fromBlock: BigInt(where.fromBlock),
            toBlock: BigInt(where.toBlock),
          });
    return logs as TransferLog[];
  }

  /**
   * The node must follow the configured chain, and each token contract there must count in the
   * catalogue's decimals (USDT has 6 on Ethereum and 18 on BSC): another chain or another token would
   * turn every amount wrong. A contract with no code is a token this chain does not have (a dev chain
   * with the mainnet defaults): nothing can arrive from it, so it is left unchecked.
   */
  private async checkChain(): Promise<void> {
    const chainId = await this.client.getChainId();
    if (chainId !== this.options.chainId)
      throw new Error(
        `${this.network} node follows chain id ${chainId}, not ${this.options.chainId}: point the URL at the right node or set the chain id`,
      );
    for (const [coin, contract] of this.contractOf) {
      const code = await this.client.getCode({ address: contract });
      if (code === undefined || code === '0x') continue;
      const decimals = await this.client.readContract({
        address: contract,
        abi: [DECIMALS],
        functionName: 'decimals',
      });
      if (decimals !== this.options.decimalsOf(coin))
        throw new Error(
          `${coin} contract ${contract} on ${this.network} counts ${decimals} decimals, the catalogue ${this.options.decimalsOf(coin)}: wrong contract address?`,
        );
    }
    this.checkedChain = true;
  }
}

/** The token contracts of `contract:address` recipients. */
const contractsOf = (recipients: string[]): Address[] =>
  [...new Set(recipients.map((recipient) => recipient.split(':')[0]!))].map((c) => getAddress(c));

/** The receiving addresses of `contract:address` recipients. */
const addressesOf = (recipients: string[]): Address[] =>
  [...new Set(recipients.map((recipient) => recipient.split(':')[1]!))].map((a) => getAddress(a));
