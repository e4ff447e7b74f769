import type { ReadModelStore } from '@gw/store';
import {
  WATCHED_DEPOSITS,
  WATCH_CHECKPOINTS,
  type WatchCheckpoint,
  type WatchStore,
  type WatchedDeposit,
} from './watch-store';

/** The watchers' state in two read-model collections: durable on MongoDB. */
export class ReadModelWatchStore implements WatchStore {
  constructor(private readonly readModels: ReadModelStore) {}

  private get checkpoints() {
    return this.readModels.collection<WatchCheckpoint>(WATCH_CHECKPOINTS);
  }

  private get deposits() {
    return this.readModels.collection<WatchedDeposit>(WATCHED_DEPOSITS);
  }

  open(): Promise<void> {
    return this.deposits.ensureIndexes([
      {
        fields: [
          ['network', 1],
          ['paymentId', 1],
        ],
      },
      // Every poll's open deposits, by equality alone (FerretDB 1.24 pushes down nothing else).
      {
        fields: [
          ['network', 1],
          ['settled', 1],
        ],
      },
    ]);
  }

  /** The collections belong to the read-model store, closed with it. */
  async close(): Promise<void> {}

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

  openDeposits(network: string): Promise<WatchedDeposit[]> {
    return this.deposits.find({ filter: { network, settled: false }, sort: [['id', 1]] });
  }

  get(id: string): Promise<WatchedDeposit | null> {
    return this.deposits.get(id);
  }

  async save(deposit: WatchedDeposit): Promise<void> {
    await this.deposits.upsertIfNewer(deposit);
  }
}
