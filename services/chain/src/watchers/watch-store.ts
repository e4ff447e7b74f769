import type { ReadModelDocument } from '@gw/store';
import type { BlockRef } from './chain-source';

export const WATCH_CHECKPOINTS = 'chainWatchCheckpoints';
export const WATCHED_DEPOSITS = 'chainWatchedDeposits';

/** How many of the last processed blocks a checkpoint remembers, to find where a reorganisation forked. */
export const REMEMBERED_BLOCKS = 100;

/**
 * The last block a watcher processed, with the hashes of the blocks before it. `version` counts the
 * saves, so a stale write never overwrites a newer one (the height may go down on a reorganisation).
 */
export interface WatchCheckpoint extends ReadModelDocument {
  network: string;
  /** Oldest first; the last entry is the processed tip. */
  blocks: BlockRef[];
}

/**
 * One transaction output paying a watched pay address (`id` = `<network>:<txid>:<vout>`), where the
 * chain holds it (block, or null in the mempool) and what was last reported on `chain.deposits`.
 */
export interface WatchedDeposit extends ReadModelDocument {
  network: string;
  txHash: string;
  /** The vout or log index; null for an EVM transaction's own value. */
  outputIndex: number | null;
  payAddress: string;
  paymentId: number;
  merchantId: string;
  /** Base units, as a decimal integer string. */
  amount: string;
  block: BlockRef | null;
  /**
   * The processed height at which the node was first found to hold the transaction neither in the best
   * chain nor waiting to be mined; null (or absent, in deposits saved before drops) while it holds it.
   */
  missingSince?: number | null;
  /** Missing for CHAIN_DROP_AFTER_BLOCKS blocks: the deposit left the chain for good, until it is seen again. */
  dropped?: boolean;
  reported: { confirmations: number; blockHash: string | null; dropped?: boolean } | null;
  /** True when the output pays the buyer's address of the payment's pending refund (the merchant's refund); absent otherwise. */
  refund?: boolean;
  /**
   * For a deposit to a static address: the id part of its stream, and what it decided (`paymentId` is
   * the payment it opened, or the proposal until then), and the coin it pays (kept to settle a pending
   * one again; absent from deposits saved before it was kept). Absent for a payment's own deposits.
   */
  staticAddress?: { id: string; outcome: 'pending' | 'credited' | 'refused'; payCurrency?: string };
  /**
   * The last report is final (`isSettled`): it changes only when the deposit's block does, which a
   * reorganisation or the transaction seen in another block records with `settled: false`. A poll
   * between full loads reports only the deposits not settled (`openDeposits`). Absent from deposits
   * saved before it was kept: a full load's report sets it.
   */
  settled?: boolean;
}

/** The watchers/**
 * The watchers' durable state: each network's checkpoint and the deposits it counted. Adapters: the
 * read-model store beside the views (MongoDB on the engines) and a journal file under DATA_DIR (the
 * embedded default, whose read models live only in memory). Both pass watch-store-contract.
 */
export interface WatchStore {
  /** Before the first read or write: indexes, or the journal replayed. */
  open(): Promise<void>;
  close(): Promise<void>;
  checkpoint(network: string): Promise<WatchCheckpoint | null>;
  /** Ignored when the stored checkpoint has the same or a newer version. */
  saveCheckpoint(checkpoint: WatchCheckpoint): Promise<void>;
  /** The deposits paying any of these payments on this network, by ascending id. */
  depositsOf(network: string, paymentIds: number[]): Promise<WatchedDeposit[]>;
  /** The deposits of this network saved with `settled: false`, by ascending id. */
  openDeposits(network: string): Promise<WatchedDeposit[]>;
  get(id: string): Promise<WatchedDeposit | null>;
  /** Ignored when the stored deposit has the same or a newer version. */
  save(deposit: WatchedDeposit): Promise<void>;
}

export const depositId = (network: string, txHash: string, outputIndex: number | null): string =>
  outputIndex === null ? `${network}:${txHash}` : `${network}:${txHash}:${outputIndex}`;

/**
 * Nothing more to report until the deposit's block changes: reported dropped, or reported in a block
 * with the confirmations its payment requires (more blocks change nothing for the payment).
 */
export const isSettled = (reported: WatchedDeposit['reported'], requiredConfirmations: number): boolean =>
  reported !== null &&
  (reported.dropped === true ||
    (reported.blockHash !== null && reported.confirmations >= requiredConfirmations));
