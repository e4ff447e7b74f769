import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testAccountPublicKey } from '@gw/chain/testing';
import { streamIdOf } from '@gw/domain';
import { toBaseUnits } from '@gw/pricing';
import { JsonlEventStore } from '@gw/store';
import { REMEMBERED_BLOCKS } from '../../../services/chain/src/watchers/watch-store';
import { RegtestNode } from '../../support/chain/regtest-node';
import { RegtestWallet } from '../../support/chain/regtest-wallet';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import {
  CRASH_TEST_ADMIN_TOKEN,
  EmbeddedGatewayProcess,
  type DemoMerchantKeys,
} from '../../support/embedded-gateway-process';

const REQUIRED_CONFIRMATIONS = 2;

/**
 * `gateway start` on the embedded default, its watcher following a private btcd: killed with -9 while
 * payments are in flight, then more blocks than a rescan would look back at are mined, the first one
 * holding both deposits. Only a checkpoint that reached the disk finds them.
 */
describe('the embedded watcher after kill -9', () => {
  let node: RegtestNode;
  let dataDir: string;
  let running: EmbeddedGatewayProcess | undefined;
  let merchant: DemoMerchantKeys;

  beforeAll(async () => {
    node = await RegtestNode.start('btc');
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-watcher-crash-'));
  });

  afterAll(async () => {
    await running?.kill('SIGKILL').catch(() => undefined);
    await node?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async (firstStart: boolean) => {
    running = await EmbeddedGatewayProcess.start(dataDir, firstStart, {
      ...node.watcherEnv(REQUIRED_CONFIRMATIONS),
      BTC_CHAIN: 'regtest',
      SANDBOX_ENABLED: 'false',
      CHAIN_POLL_INTERVAL_MS: '50',
    });
    return running;
  };
  const call = v1Caller(
    () => running!.url,
    () => merchant.apiKey,
  );
  const createPayment = (orderId: string) =>
    call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_id: orderId,
    });
  const untilStatus = async (payment: V1Payment, status: string): Promise<V1Payment> => {
    for (;;) {
      const read = await call<V1Payment>('GET', `/v1/payment/${payment.payment_id}`);
      if (read.payment_status === status) return read;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const baseUnits = (amount: number): bigint => BigInt(toBaseUnits(String(amount), 8));

  it('resumes from its checkpoint: every deposit counted once, both payments finish', async () => {
    const buyer = new RegtestWallet(node);
    await buyer.fund(3);
    const first = await start(true);
    merchant = first.demoMerchant!;
    const wallet = await fetch(`${first.url}/admin/v1/merchants/${merchant.merchantId}/wallets/btc`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${CRASH_TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ extended_public_key: testAccountPublicKey(1, 'vpub') }),
    });
    expect(wallet.status).toBe(200);

    const seen = await createPayment('crash-seen');
    const unpaid = await createPayment('crash-unpaid');
    const seenTx = await buyer.pay([{ address: seen.pay_address, amount: baseUnits(seen.pay_amount) }]);
    await untilStatus(seen, 'confirming');

    await running!.kill('SIGKILL');
    running = undefined;
    const unpaidTx = await buyer.pay([{ address: unpaid.pay_address, amount: baseUnits(unpaid.pay_amount) }]);
    const [holding] = await node.mine(1);
    const block = await node.call<{ tx: string[] }>('getblock', [holding, 1]);
    expect(block.tx).toEqual(expect.arrayContaining([seenTx, unpaidTx]));
    // Deeper than a watcher starting without a checkpoint looks back.
    await node.mine(REMEMBERED_BLOCKS + 5);

    await start(false);
    const finished = await Promise.all([untilStatus(seen, 'finished'), untilStatus(unpaid, 'finished')]);
    expect(finished.map((p) => [p.payin_hash, p.actually_paid])).toEqual([
      [seenTx, seen.pay_amount],
      [unpaidTx, unpaid.pay_amount],
    ]);

    await running!.kill('SIGTERM');
    running = undefined;
    const events = await JsonlEventStore.open({ directory: dataDir });
    try {
      for (const payment of [seen, unpaid]) {
        const stream = await events.readStream(streamIdOf('payment', payment.payment_id));
        expect(stream.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
        expect(stream.filter((e) => e.type === 'PaymentFinished')).toHaveLength(1);
      }
    } finally {
      await events.close();
    }
  });
});
