import { Transaction } from '@scure/btc-signer';
import { hex } from '@scure/base';
import type {
  AddressHistory,
  ChainBlock,
  ChainSource,
  NodeState,
  Transfer,
  WatchedRecipient,
} from '../chain-source';
import { JsonRpcClient, NodeRpcError, type JsonRpcOptions } from './json-rpc-client';
import { outputScriptOf } from './output-script';

interface RpcTransaction {
  txid: string;
  hex: string;
}

/** bitcoind and litecoind list a verbose block's transactions under `tx`, btcd under `rawtx`. */
interface RpcBlock {
  hash: string;
  height: number;
  previousblockhash?: string;
  tx?: RpcTransaction[];
  rawtx?: RpcTransaction[];
}

const INVALID_PARAMETER = -8;
/** btcd's answer to searchrawtransactions for an address its index has never seen. */
const NO_INFORMATION = -5;
const METHOD_NOT_FOUND = -32601;
/** How often a scan is tried while the node runs another one, and how long it waits between tries. */
const SCAN_ATTEMPTS = 20;
const SCAN_RETRY_MS = 250;
const UNKNOWN_BLOCK_HEIGHT = -1;

/**
 * A UTXO chain (Bitcoin on btcd or bitcoind, Litecoin on litecoind) read over its JSON-RPC. Output
 * values come from each transaction's raw bytes, parsed with @scure/btc-signer: exact satoshis, never
 * the verbose JSON's floating-point coins.
 */
export class UtxoChainSource implements ChainSource {
  private readonly rpc: JsonRpcClient;
  /** Mempool transactions already parsed, so each poll only fetches the new ones. */
  private mempool = new Map<string, Transfer[]>();
  /** The node runs one `scantxoutset` at a time: this source's scans wait for each other. */
  private scans: Promise<unknown> = Promise.resolve();

  constructor(
    readonly network: string,
    node: JsonRpcOptions,
  ) {
    this.rpc = new JsonRpcClient(node);
  }

  /** Satoshi and litoshi: 8 decimals. */
  decimalsOf(): number {
    return 8;
  }

  recipientOf({ payAddress }: WatchedRecipient): string | null {
    return outputScriptOf(payAddress);
  }

  async state(): Promise<NodeState> {
    const info = await this.rpc.call<{ blocks: number; headers: number; bestblockhash: string }>(
      'getblockchaininfo',
    );
    return {
      tip: { height: info.blocks, hash: info.bestblockhash },
      blocksBehind: Math.max(0, info.headers - info.blocks),
    };
  }

  async hashAt(height: number): Promise<string | null> {
    try {
      return await this.rpc.call<string>('getblockhash', [height]);
    } catch (error) {
      // bitcoind answers -8 "Block height out of range", btcd -1.
      const code = error instanceof NodeRpcError ? error.code : null;
      if (code === INVALID_PARAMETER || code === UNKNOWN_BLOCK_HEIGHT) return null;
      throw error;
    }
  }

  async block(hash: string): Promise<ChainBlock> {
    const block = await this.rpc.call<RpcBlock>('getblock', [hash, 2]);
    const transactions = block.tx ?? block.rawtx ?? [];
    return {
      hash: block.hash,
      height: block.height,
      previousHash: block.previousblockhash ?? null,
      transfers: transactions.flatMap((tx) => transfersOf(tx.txid, tx.hex)),
    };
  }

  async pending(): Promise<Transfer[]> {
    const txids = await this.rpc.call<string[]>('getrawmempool');
    const next = new Map<string, Transfer[]>();
    for (const txid of txids) {
      let transfers = this.mempool.get(txid);
      if (!transfers) {
        try {
          transfers = transfersOf(txid, await this.rpc.call<string>('getrawtransaction', [txid]));
        } catch (error) {
          // Mined or replaced between the two calls: the next block scan or poll sees it.
          if (error instanceof NodeRpcError && error.code !== null) continue;
          throw error;
        }
      }
      next.set(txid, transfers);
    }
    this.mempool = next;
    return [...next.values()].flat();
  }

  /**
   * Whether the transaction waits in the mempool as `pending()` last read it (each poll reads it before
   * asking). Not `getrawtransaction`: with `txindex` bitcoind and litecoind still answer for a transaction
   * whose block was reorganised away; not `getmempoolentry`: btcd does not implement it.
   */
  knowsTransaction(txHash: string): Promise<boolean> {
    return Promise.resolve(this.mempool.has(txHash));
  }

  /**
   * btcd with `--addrindex` answers `searchrawtransactions` with every transaction paying or spending
   * the address, mined or in its mempool. Bitcoin Core and litecoind have no address index: there
   * `scantxoutset` reads the whole UTXO set for outputs still unspent at the address (no mempool, no
   * spent history; on mainnet it takes seconds and runs one at a time). What either misses is caught
   * when it arrives: money older than the payment never counts (packages/domain prior-deposits.ts).
   */
  async addressHistory(address: string): Promise<AddressHistory> {
    try {
      const found = await this.rpc.call<{ txid: string }[]>('searchrawtransactions', [address, 1, 0, 1]);
      return { used: found.length > 0, txHash: found[0]?.txid ?? null };
    } catch (error) {
      const code = error instanceof NodeRpcError ? error.code : null;
      if (code === NO_INFORMATION) return { used: false, txHash: null };
      if (code !== METHOD_NOT_FOUND) throw error;
    }
    const scan = this.scans.then(() => this.scanUnspent(address));
    this.scans = scan.catch(() => undefined);
    const { unspents } = await scan;
    return { used: unspents.length > 0, txHash: unspents[0]?.txid ?? null };
  }

  /** One `scantxoutset`, waiting for a scan someone else (another replica) runs on the node. */
  private async scanUnspent(address: string): Promise<{ unspents: { txid: string }[] }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.rpc.call('scantxoutset', ['start', [`addr(${address})`]]);
      } catch (error) {
        const busy = error instanceof NodeRpcError && /in progress/i.test(error.message);
        if (!busy || attempt === SCAN_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, SCAN_RETRY_MS));
      }
    }
  }
}

/** Every output of a raw transaction, or none when the bytes are not a transaction this parser knows (e.g. Litecoin MWEB). */
function transfersOf(txHash: string, rawHex: string): Transfer[] {
  let tx: Transaction;
  try {
    tx = Transaction.fromRaw(hex.decode(rawHex), {
      allowUnknownInputs: true,
      allowUnknownOutputs: true,
      disableScriptCheck: true,
    });
  } catch {
    return [];
  }
  const transfers: Transfer[] = [];
  for (let index = 0; index < tx.outputsLength; index++) {
    const output = tx.getOutput(index);
    if (output.script === undefined || output.amount === undefined) continue;
    transfers.push({
      txHash,
      outputIndex: index,
      recipient: hex.encode(output.script),
      amount: output.amount,
    });
  }
  return transfers;
}
