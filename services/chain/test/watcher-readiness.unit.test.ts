import type { WatcherStatus } from '../src/watchers/chain-watcher';
import { assertCaughtUp } from '../src/watchers/chain-watchers';

const status = (overrides: Partial<WatcherStatus>): WatcherStatus => ({
  network: 'btc',
  node: { tip: { height: 10, hash: 'a' }, blocksBehind: 0 },
  processed: { height: 10, hash: 'a' },
  error: null,
  reorganisations: 0,
  depositsReported: 0,
  depositsDropped: 0,
  ...overrides,
});

describe('a watcher is ready', () => {
  it('when its node answered and every block the node has is processed', () => {
    expect(() => assertCaughtUp(status({}))).not.toThrow();
  });

  it.each<[string, Partial<WatcherStatus>, RegExp]>([
    ['its node is down', { error: 'getblockchaininfo: node unreachable' }, /btc node: getblockchaininfo/],
    ['it has not polled yet', { node: null, processed: null }, /not polled yet/],
    [
      'its node is still syncing',
      { node: { tip: { height: 10, hash: 'a' }, blocksBehind: 5 } },
      /5 blocks behind the headers/,
    ],
    ['it has blocks left to process', { processed: { height: 7, hash: 'b' } }, /3 blocks behind its node/],
  ])('not when %s', (_case, overrides, message) => {
    expect(() => assertCaughtUp(status(overrides))).toThrow(message);
  });
});
