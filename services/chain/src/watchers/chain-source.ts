/** A block by its place in the chain. */
export interface BlockRef {
  height: number;
  hash: string;
}

/**
 * Value arriving at one recipient in one transaction output (a UTXO output, later an EVM log),
 * identified by transaction hash and output index (`txid:vout`, `txhash:logIndex`).
 */
export interface Transfer {
  txHash: string;
  outputIndex: number;
  /** How the chain names the receiver in its transactions (a UTXO chain: the output script, hex). */
  recipient: string;
  /** Exact, in the chain's smallest unit (satoshi, wei). */
  amount: bigint;
}

export interface ChainBlock extends BlockRef {
  previousHash: string | null;
  transfers: Transfer[];
}

/** What the node says about itself: behind while it still downloads blocks it knows headers of. */
export interface NodeState {
  tip: BlockRef;
  /** Blocks the node knows of but has not validated yet; 0 when it is in sync. */
  blocksBehind: number;
}

/**
 * The chain-neutral port every chain plugs into the watcher through: a node (or indexer) read in
 * blocks, plus the transactions it has not mined yet.
 */
export interface ChainSource {
  /** The catalogue network code: `btc`, `ltc`. */
  readonly network: string;
  /** Decimals of the network's coin: base units ÷ 10^decimals is the amount payments record. */
  readonly decimals: number;
  /** The recipient a pay address receives as, or null when the address is not one this chain pays. */
  recipientOf(payAddress: string): string | null;
  state(): Promise<NodeState>;
  /** The hash of the best chain's block at a height, or null above the tip. */
  hashAt(height: number): Promise<string | null>;
  block(hash: string): Promise<ChainBlock>;
  /** Transfers of the transactions waiting to be mined. */
  pending(): Promise<Transfer[]>;
}
