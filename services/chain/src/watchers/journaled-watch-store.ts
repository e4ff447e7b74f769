import { JournaledCache } from '@gw/cache';
import type { ReadModelDocument } from '@gw/store';
import type { WatchCheckpoint, WatchStore, WatchedDeposit } from './watch-store';

/**
 * The watchers' state in a journal file (the embedded default): every write is fsync'd before it
 * resolves, so after a crash the watcher resumes from its checkpoint and knows the deposits it counted.
 * Each payment keeps the ids of its deposits, and each network those of its open deposits, so neither
 * `depositsOf` nor `openDeposits` needs a scan.
 */
export class JournaledWatchStore implements WatchStore {
  private journal: JournaledCache | undefined;

  constructor(private readonly path: string) {}

  async open(): Promise<void> {
    this.journal ??= await JournaledCache.open({ path: this.path });
  }

  async close(): Promise<void> {
    const journal = this.journal;
    this.journal = undefined;
    await journal?.close();
  }

  checkpoint(network: string): Promise<WatchCheckpoint | null> {
    return this.read<WatchCheckpoint>(`checkpoint:${network}`);
  }

  async saveCheckpoint(checkpoint: WatchCheckpoint): Promise<void> {
    await this.writeIfNewer(`checkpoint:${checkpoint.network}`, checkpoint);
  }

  async depositsOf(network: string, paymentIds: number[]): Promise<WatchedDeposit[]> {
    const ids: string[] = [];
    for (const paymentId of new Set(paymentIds)) {
      ids.push(...((await this.read<string[]>(paymentKey(network, paymentId))) ?? []));
    }
    const deposits = await Promise.all(ids.sort().map((id) => this.get(id)));
    return deposits.filter((deposit): deposit is WatchedDeposit => deposit !== null);
  }

  async openDeposits(network: string): Promise<WatchedDeposit[]> {
    const ids = (await this.read<string[]>(openKey(network))) ?? [];
    const deposits = await Promise.all([...ids].sort().map((id) => this.get(id)));
    return deposits.filter((deposit): deposit is WatchedDeposit => deposit?.settled === false);
  }

  get(id: string): Promise<WatchedDeposit | null> {
    return this.read<WatchedDeposit>(`deposit:${id}`);
  }

  async save(deposit: WatchedDeposit): Promise<void> {
    if (!(await this.writeIfNewer(`deposit:${deposit.id}`, deposit))) return;
    const key = paymentKey(deposit.network, deposit.paymentId);
    const ids = (await this.read<string[]>(key)) ?? [];
    if (!ids.includes(deposit.id)) await this.opened().set(key, JSON.stringify([...ids, deposit.id]));
    const open = (await this.read<string[]>(openKey(deposit.network))) ?? [];
    const listed = open.includes(deposit.id);
    if (deposit.settled === false && !listed)
      await this.opened().set(openKey(deposit.network), JSON.stringify([...open, deposit.id]));
    if (deposit.settled !== false && listed)
      await this.opened().set(
        openKey(deposit.network),
        JSON.stringify(open.filter((id) => id !== deposit.id)),
      );
  }

  private async read<T>(key: string): Promise<T | null> {
    const value = await this.opened().get(key);
    return value === null ? null : (JSON.parse(value) as T);
  }

  /** One watcher writes a network's state (it holds the lease), so reading then writing is not a race. */
  private async writeIfNewer(key: string, doc: ReadModelDocument): Promise<boolean> {
    const stored = await this.read<ReadModelDocument>(key);
    if (stored && stored.version >= doc.version) return false;
    await this.opened().set(key, JSON.stringify(doc));
    return true;
  }

  private opened(): JournaledCache {
    if (!this.journal) throw new Error(`watch store ${this.path} is not open`);
    return this.journal;
  }
}

const paymentKey = (network: string, paymentId: number): string => `payment:${network}:${paymentId}`;
const openKey = (network: string): string => `open:${network}`;
