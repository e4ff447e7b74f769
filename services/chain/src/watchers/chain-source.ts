/** A block by its place in the chain. */
export interface BlockRef {
  height: number;
  hash: string;
}

/**
 * Value arriving at one recipient in one transaction output (a UTXO output, an EVM token's Transfer
 * log, an EVM transaction's own value), identified by transaction hash and output index (`txid:vout`,
 * the Transfer log's place among its transaction's logs, or the EVM transaction hash alone: null
 * index): the same in whichever block the transaction is mined.
 */
export interface Transfer {
  txHash: string;
  outputIndex: number | null;
  /**
   * How the chain names the receiver in its transactions: a UTXO chain the output script (hex), an EVM
   * chain the asset and address (`native:0xabc…`, `<token contract>:0xabc…`, lowercase).
   */
  recipient: string;
  /** Exact, in the chain's smallest unit (satoshi, wei, token base units). */
  amount: bigint;
}

/** What a payment is paid with: the address, and the coin (on an EVM chain, which token or the native coin). */
export interface WatchedRecipient {
  payAddress: string;
  payCurrency: string;
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
 * What the node shows at an address before the gateway hands it out: `used` when any transaction ever
 * paid it or spent from it (as far as the node can tell, see each source), with one such transaction
 * where the node names one.
 */
export interface AddressHistory {
  used: boolean;
  txHash: string | null;
}

/**
 * The chain-neutral port every chain plugs into the watcher through: a node (or indexer) read in
 * blocks, plus the transactions it has not mined yet.
 */
export interface ChainSource {
  /** The catalogue network code: `btc`, `ltc`, `eth`, `bsc`, `matic`. */
  readonly network: string;
  /** Decimals of a pay currency on chain: base units ÷ 10^decimals is the amount payments record. */
  decimalsOf(payCurrency: string): number;
  /** The recipient a payment receives as, or null when this chain does not pay that address and coin. */
  recipientOf(payment: WatchedRecipient): string | null;
  state(): Promise<NodeState>;
  /** The hash of the best chain's block at a height, or null above the tip. */
  hashAt(height: number): Promise<string | null>;
  /** A block's transfers; at least those to `recipients` (a source may filter on them, or return all). */
  block(hash: string, recipients: ReadonlySet<string>): Promise<ChainBlock>;
  /** Transfers of the transactions waiting to be mined. */
  pending(): Promise<Transfer[]>;
  /**
   * Whether the node still has the transaction waiting to be mined (or, where it can tell, in its best
   * chain). Asked after `pending()` in the same poll, only about a deposit the watcher no longer finds in
   * the best chain or the mempool: false means the transaction is gone (reorganised out and not taken
   * back, evicted, or replaced by a double spend).
   */
  knowsTransaction(txHash: string): Promise<boolean>;
  /**
   * Whether the address already has history on this chain (in a block or waiting to be mined): asked
   * before a payment is given the address, so that an address a wallet app already used is skipped.
   */
  addressHistory(address: string): Promise<AddressHistory>;
  /** Requests the node's provider refused for its rate limit (429) and the source retried, since start; absent where none can be. */
  throttledRequests?(): number;
}
