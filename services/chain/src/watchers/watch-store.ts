import type { ReadModelDocument, ReadModelStore } from '@gw/store';
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
  reported: { confirmations: number; blockHash: string | null } | null;
}

/** The watchers' durable state, kept in the read-model store beside the views (MongoDB or embedded). */
export class WatchStore {
  constructor(private readonly readModels: ReadModelStore) {}

  private get checkpoints() {
    return this.readModels.collection<WatchCheckpoint>(WATCH_CHECKPOINTS);
  }

  private get deposits() {
    return this.readModels.collection<WatchedDeposit>(WATCHED_DEPOSITS);
  }

  ensureIndexes(): Promise<void> {
    return this.deposits.ensureIndexes([
      {
        fields: [
          ['network', 1],
          ['paymentId', 1],
        ],
      },
    ]);
  }

  checkpoint(network: string): Promise<WatchCheckpoint | null> {
    return this.checkpoints.get(network);
  }

  async saveCheckpoint(checkpoint: WatchCheckpoint): Promise<void> {
    await this.checkpoints.upsertIfNewer(checkpoint);
  }

  depositsOf(network: string, paymentIds: number[]): Promise<WatchedDeposit[]> {
    if (paymentIds.length === 0) return Promise.resolve([]);
    return this.deposits.find({ filter: { network, paymentId: { $in: paymentIds } } });
  }

  get(id: string): Promise<WatchedDeposit | null> {
    return this.deposits.get(id);
  }

  async save(deposit: WatchedDeposit): Promise<void> {
    await this.deposits.upsertIfNewer(deposit);
  }
}

export const depositId = (network: string, txHash: string, outputIndex: number | null): string =>
  outputIndex === null ? `${network}:${txHash}` : `${network}:${txHash}:${outputIndex}`;
