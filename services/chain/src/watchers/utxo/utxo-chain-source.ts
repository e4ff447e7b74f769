import { Transaction } from '@scure/btc-signer';
import { hex } from '@scure/base';
import type { ChainBlock, ChainSource, NodeState, Transfer, WatchedRecipient } from '../chain-source';
import { JsonRpcClient, NodeRpcError, type JsonRpcOptions } from './json-rpc-client';
import { segwitOutputScript } from './output-script';

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
const UNKNOWN_BLOCK_HEIGHT = -1;
/** bitcoind and litecoind: "No such mempool or blockchain transaction"; btcd: "No information available about transaction". */
const NO_SUCH_TRANSACTION = -5;

/**
 * A UTXO chain (Bitcoin on btcd or bitcoind, Litecoin on litecoind) read over its JSON-RPC. Output
 * values come from each transaction's raw bytes, parsed with @scure/btc-signer: exact satoshis, never
 * the verbose JSON's floating-point coins.
 */
export class UtxoChainSource implements ChainSource {
  private readonly rpc: JsonRpcClient;
  /** Mempool transactions already parsed, so each poll only fetches the new ones. */
  private mempool = new Map<string, Transfer[]>();

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
    return segwitOutputScript(payAddress);
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
   * The mempool, or with `txindex` the chain too. Without `txindex` a mined transaction is unknown here,
   * which is right for the one question asked: a deposit missing from the best chain the watcher scanned.
   */
  async knowsTransaction(txHash: string): Promise<boolean> {
    try {
      await this.rpc.call<string>('getrawtransaction', [txHash]);
      return true;
    } catch (error) {
      if (error instanceof NodeRpcError && error.code === NO_SUCH_TRANSACTION) return false;
      throw error;
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
