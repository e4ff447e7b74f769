import { chainNodeFor, type GatewayConfig, type MetricsRegistry } from '@gw/platform';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { LeasedLoop, settleStaticDeposit, type ServiceContext } from '@gw/application';
import type { Logger } from 'pino';
import type { ChainSource } from './chain-source';
import { ChainWatcher } from './chain-watcher';
import { chainSourceFor } from './chain-sources';
import { JournaledWatchStore } from './journaled-watch-store';
import { ReadModelWatchStore } from './read-model-watch-store';
import type { WatchStore } from './watch-store';
import { watcherMetrics } from './watcher-metrics';

/** The embedded default's watcher checkpoints and counted deposits, under DATA_DIR. */
export const WATCH_JOURNAL_FILE = 'chain-watch.jsonl';

/**
 * The node of each watched network as the pay-address hand-out asks it (its tip, an address's history),
 * through sources of its own: a watcher's keeps state between its polls.
 */
export function payAddressChains(
  config: Pick<GatewayConfig, 'chainWatchers'>,
): (network: string) => ChainSource | null {
  const sources = new Map<string, ChainSource>();
  return (network) => {
    const node = chainNodeFor(config.chainWatchers, network);
    if (!node) return null;
    const source = sources.get(node.network) ?? chainSourceFor(node);
    sources.set(node.network, source);
    return source;
  };
}

/** MongoDB keeps the read models across restarts; the embedded default's live in memory, so a journal keeps this. */
function watchStoreFor(ctx: Pick<ServiceContext, 'readModels' | 'config'>): WatchStore {
  return ctx.config.mode === 'engines'
    ? new ReadModelWatchStore(ctx.readModels)
    : new JournaledWatchStore(path.join(ctx.config.dataDir, WATCH_JOURNAL_FILE));
}

/** One watcher per network whose node is configured (BTC_RPC_URL, LTC_RPC_URL…). */
export class ChainWatchers {
  readonly watchers: ChainWatcher[];
  readonly metrics: MetricsRegistry;
  private readonly loops: LeasedLoop<void>[];
  private readonly store: WatchStore;

  constructor(
    ctx: Pick<
      ServiceContext,
      'readModels' | 'bus' | 'clock' | 'cache' | 'config' | 'commands' | 'rates'
    >,
    logger: Logger,
  ) {
    this.store = watchStoreFor(ctx);
    const nodes = Object.values(ctx.config.chainWatchers.nodes);
    this.watchers = nodes.map(
      (node) =>
        new ChainWatcher({
          source: chainSourceFor(node),
          store: this.store,
          readModels: ctx.readModels,
          bus: ctx.bus,
          clock: ctx.clock,
          logger: logger.child({ component: 'chain-watcher', network: node.network }),
          dropAfterBlocks: ctx.config.chainWatchers.dropAfterBlocks,
          settleStaticDeposit: (address, deposit) => settleStaticDeposit(ctx, address, deposit),
        }),
    );
    // One replica follows each network: two would report the same deposit from different tips.
    const owner = randomUUID();
    const { pollIntervalMs, leaseTtlMs } = ctx.config.chainWatchers;
    this.loops = this.watchers.map(
      (watcher) =>
        new LeasedLoop(
          ctx.cache,
          logger,
          { lease: `chain-watcher-${watcher.network}`, owner, intervalMs: pollIntervalMs, leaseTtlMs },
          () => watcher.poll(),
        ),
    );
    this.metrics = watcherMetrics(
      this.watchers.map((watcher, i) => ({ watcher, holdsLease: () => this.loops[i]!.status().holding })),
    );
  }

  async start(): Promise<void> {
    if (this.watchers.length === 0) return;
    await this.store.open();
    for (const loop of this.loops) loop.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.stop()));
    await this.store.close();
  }
}
