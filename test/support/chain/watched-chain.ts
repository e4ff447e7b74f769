import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testAccountPublicKey } from '@gw/chain/src/testing/wallet-fixtures';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { startReceiver, type Receiver } from '../../e2e/notifier/support/receiver';
import { startTestGateway, type TestGateway } from '../gateway';
import { PaymentEventLog } from './payment-event-log';
import { RegtestNode, type RegtestNetwork } from './regtest-node';
import { RegtestWallet } from './regtest-wallet';

/**
 * A private node with a funded test wallet (the buyer), and a gateway taking real payments on it: the
 * sandbox off, its watcher following that node, and the demo merchant's watch-only wallet from the fixed
 * test seed, so every pay address is the merchant's own.
 */
export interface WatchedChain {
  node: RegtestNode;
  wallet: RegtestWallet;
  gateway: TestGateway;
  /** Everything published on payments.events since the gateway started. */
  events: PaymentEventLog;
  /** The merchant's webhook endpoint. */
  webhooks: Receiver;
  /** Stops the whole gateway, runs `meanwhile`, and starts it again on the same data directory. */
  restartGateway(meanwhile: () => Promise<unknown>): Promise<void>;
  stop(): Promise<void>;
}

export async function startWatchedChain(
  network: RegtestNetwork,
  options: { requiredConfirmations: number; coins: number },
): Promise<WatchedChain> {
  const node = await RegtestNode.start(network);
  const buyer = new RegtestWallet(node);
  await buyer.fund(options.coins);
  const webhooks = await startReceiver();
  const dataDir = await mkdtemp(path.join(tmpdir(), `watched-${network}-`));
  const start = () =>
    startTestGateway({
      dataDir,
      env: {
        ...node.watcherEnv(options.requiredConfirmations),
        [`${network.toUpperCase()}_CHAIN`]: 'regtest',
        SANDBOX_ENABLED: 'false',
        CHAIN_POLL_INTERVAL_MS: '50',
      },
    });
  const gateway = await start();
  const wallet = await adminClient(gateway)(
    'PUT',
    `/merchants/${gateway.demoMerchant.merchantId}/wallets/${network}`,
    {
      body: { extended_public_key: testAccountPublicKey(1, 'vpub') },
    },
  );
  if (wallet.status !== 200)
    throw new Error(`the merchant wallet was refused: ${JSON.stringify(wallet.body)}`);
  const events = await PaymentEventLog.start(gateway.gateway.ctx.bus, `test-${network}-watcher`);
  const chain: WatchedChain = {
    node,
    wallet: buyer,
    gateway,
    events,
    webhooks,
    async restartGateway(meanwhile) {
      await chain.events.stop();
      await chain.gateway.stop();
      await meanwhile();
      chain.gateway = await start();
      chain.events = await PaymentEventLog.start(chain.gateway.gateway.ctx.bus, `test-${network}-watcher`);
    },
    async stop() {
      await chain.events.stop();
      await chain.gateway.stop();
      await webhooks.close();
      await node.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return chain;
}
