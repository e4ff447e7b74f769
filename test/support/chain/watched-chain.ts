import { startReceiver, type Receiver } from '../../e2e/notifier/support/receiver';
import { startTestGateway, type TestGateway } from '../gateway';
import { PaymentEventLog } from './payment-event-log';
import { RegtestNode, type RegtestNetwork } from './regtest-node';
import { RegtestWallet } from './regtest-wallet';

/** A private node with a funded test wallet, and a gateway whose watcher follows that node. */
export interface WatchedChain {
  node: RegtestNode;
  wallet: RegtestWallet;
  gateway: TestGateway;
  /** Everything published on payments.events since the gateway started. */
  events: PaymentEventLog;
  /** The merchant's webhook endpoint. */
  webhooks: Receiver;
  stop(): Promise<void>;
}

export async function startWatchedChain(
  network: RegtestNetwork,
  options: { requiredConfirmations: number; coins: number },
): Promise<WatchedChain> {
  const node = await RegtestNode.start(network);
  const wallet = new RegtestWallet(node);
  await wallet.fund(options.coins);
  const webhooks = await startReceiver();
  const gateway = await startTestGateway({
    env: { ...node.watcherEnv(options.requiredConfirmations), CHAIN_POLL_INTERVAL_MS: '50' },
  });
  const events = await PaymentEventLog.start(gateway.gateway.ctx.bus, `test-${network}-watcher`);
  return {
    node,
    wallet,
    gateway,
    events,
    webhooks,
    async stop() {
      await events.stop();
      await gateway.stop();
      await webhooks.close();
      await node.destroy();
    },
  };
}
