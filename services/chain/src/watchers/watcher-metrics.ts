import { registerLeaseGauges } from '@gw/platform';
import { Gauge, Registry } from 'prom-client';
import type { ChainWatcher } from './chain-watcher';

/** A watcher and whether this replica holds its network's lease. */
export interface LeasedWatcher {
  watcher: ChainWatcher;
  holdsLease(): boolean;
}

/**
 * The watchers' state as Prometheus gauges, read from each watcher's status at scrape time: whether
 * this replica holds the network's lease and when it last polled (every replica), and, from the
 * replica that holds it, whether its node answers, the node's tip, the last block processed, the
 * blocks still to process, reorganisations seen and deposits reported. A standby reports no node
 * state: it does not look at the node, and what it saw while it held the lease is no longer news.
 */
export function watcherMetrics(leased: readonly LeasedWatcher[]): Registry {
  const registry = new Registry();
  registerLeaseGauges(registry, {
    prefix: 'chain_watcher',
    pass: 'poll',
    what: 'the network watcher (successful polls of its node)',
    labelNames: ['network'] as const,
    works: () =>
      leased.map(({ watcher, holdsLease }) => ({
        labels: { network: watcher.network },
        status: () => ({ holding: holdsLease(), lastSuccessAt: watcher.status().polledAt }),
      })),
  });
  const gauge = (name: string, help: string, read: (watcher: ChainWatcher) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['network'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { watcher, holdsLease } of leased) {
          const value = holdsLease() ? read(watcher) : null;
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
  gauge(
    'chain_node_requests_throttled',
    "Requests the node's provider answered 429 (its rate limit) since start, each retried after a backoff",
    (w) => w.throttledRequests(),
  );
  return registry;
}
