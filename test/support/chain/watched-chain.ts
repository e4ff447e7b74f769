import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testAccountPublicKey } from '@gw/chain/testing';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { startReceiver, type Receiver } from '../../e2e/notifier/support/receiver';
import { startTestGateway, type TestGateway } from '../gateway';
import { PaymentEventLog } from './payment-event-log';
import { RegtestNode, type RegtestNetwork } from './regtest-node';
import { RegtestWallet } from './regtest-wallet';

/** A gateway taking real payments: the sandbox off, its watcher following a private node, the merchant's wallet set. */
export interface WatchingGateway {
  gateway: TestGateway;
  /** Everything published on payments.events since the gateway started. */
  events: PaymentEventLog;
  /** The merchant's webhook endpoint. */
  webhooks: Receiver;
  /** Stops the whole gateway, runs `meanwhile`, and starts it again on the same data directory. */
  restartGateway(meanwhile: () => Promise<unknown>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A private node with a funded test wallet (the buyer), and a gateway taking real payments on it: the
 * sandbox off, its watcher following that node, and the demo merchant's watch-only wallet from the fixed
 * test seed, so every pay address is the merchant's own.
 */
export interface WatchedChain extends WatchingGateway {
  node: RegtestNode;
  wallet: RegtestWallet;
}

export async function startWatchedChain(
  network: RegtestNetwork,
  options: { requiredConfirmations: number; coins: number; env?: Record<string, string> },
): Promise<WatchedChain> {
  const node = await RegtestNode.start(network);
  const buyer = new RegtestWallet(node);
  await buyer.fund(options.coins);
  const watching = await startWatchingGateway({
    name: network,
    env: {
      ...options.env,
      ...node.watcherEnv(options.requiredConfirmations),
      [`${network.toUpperCase()}_CHAIN`]: 'regtest',
    },
    walletNetwork: network,
    extendedPublicKey: testAccountPublicKey(1, 'vpub'),
    stopNode: () => node.destroy(),
  });
  return Object.assign(watching, { node, wallet: buyer });
}

/** Starts the gateway watching a node (`env` points at it) and sets the demo merchant's wallet. */
export async function startWatchingGateway(options: {
  name: string;
  env: Record<string, string>;
  walletNetwork: string;
  extendedPublicKey: string;
  stopNode: () => Promise<void>;
}): Promise<WatchingGateway> {
  const { name } = options;
  const webhooks = await startReceiver();
  const dataDir = await mkdtemp(path.join(tmpdir(), `watched-${name}-`));
  const start = () =>
    startTestGateway({
      dataDir,
      env: { ...options.env, SANDBOX_ENABLED: 'false', CHAIN_POLL_INTERVAL_MS: '50' },
    });
  const gateway = await start();
  const wallet = await adminClient(gateway)(
    'PUT',
    `/merchants/${gateway.demoMerchant.merchantId}/wallets/${options.walletNetwork}`,
    { body: { extended_public_key: options.extendedPublicKey } },
  );
  if (wallet.status !== 200)
    throw new Error(`the merchant wallet was refused: ${JSON.stringify(wallet.body)}`);
  const events = await PaymentEventLog.start(gateway.gateway.ctx.bus, `test-${name}-watcher`);
  const chain: WatchingGateway = {
    gateway,
    events,
    webhooks,
    async restartGateway(meanwhile) {
      await chain.events.stop();
      await chain.gateway.stop();
      await meanwhile();
      chain.gateway = await start();
      chain.events = await PaymentEventLog.start(chain.gateway.gateway.ctx.bus, `test-${name}-watcher`);
    },
    async stop() {
      await chain.events.stop();
      await chain.gateway.stop();
      await webhooks.close();
      await options.stopNode();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return chain;
}
