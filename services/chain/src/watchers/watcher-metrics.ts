import { Gauge, Registry } from 'prom-client';
import type { ChainWatcher } from './chain-watcher';

/**
 * The watchers' state as Prometheus gauges, read from each watcher's status at scrape time: whether its
 * node answers, the node's tip, the last block processed, the blocks still to process, reorganisations
 * seen and deposits reported.
 */
export function watcherMetrics(watchers: readonly ChainWatcher[]): Registry {
  const registry = new Registry();
  const gauge = (name: string, help: string, read: (watcher: ChainWatcher) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['network'] as const,
      registers: [registry],
      collect() {
        for (const watcher of watchers) {
          const value = read(watcher);
          if (value !== null) this.set({ network: watcher.network }, value);
        }
      },
    });
  gauge('chain_node_up', '1 when the last poll of the network node succeeded', (w) =>
    w.status().error ? 0 : 1,
  );
  gauge(
    'chain_node_tip_height',
    'Best block height the node reported',
    (w) => w.status().node?.tip.height ?? null,
  );
  gauge(
    'chain_watcher_processed_height',
    'Last block the watcher processed',
    (w) => w.status().processed?.height ?? null,
  );
  gauge('chain_watcher_blocks_behind', 'Blocks the node has that the watcher has not processed yet', (w) => {
    const { node, processed } = w.status();
    return node && processed ? Math.max(0, node.tip.height - processed.height) : null;
  });
  gauge(
    'chain_watcher_reorganisations',
    'Reorganisations the watcher followed since it started',
    (w) => w.status().reorganisations,
  );
  gauge(
    'chain_watcher_deposits_reported',
    'Deposit observations published on chain.deposits since start',
    (w) => w.status().depositsReported,
  );
  gauge(
    'chain_watcher_deposits_dropped',
    'Deposits reported dropped since start: their transaction left the best chain and the mempool for good',
    (w) => w.status().depositsDropped,
  );
  return registry;
}
