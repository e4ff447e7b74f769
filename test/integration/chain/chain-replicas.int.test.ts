import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testAccountPublicKey } from '@gw/chain/testing';
import { streamIdOf } from '@gw/domain';
import { toBaseUnits } from '@gw/pricing';
import type { ChainService } from '@gw/service-chain';
import { deleteKafkaNamespace } from '@gw/bus/testing';
import { deleteKeysUnder } from '@gw/cache/testing';
import { dropMongoDatabase } from '@gw/store/testing';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { PaymentEventLog } from '../../support/chain/payment-event-log';
import { RegtestNode } from '../../support/chain/regtest-node';
import { RegtestWallet } from '../../support/chain/regtest-wallet';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { EmbeddedGatewayProcess } from '../../support/embedded-gateway-process';
import { startTestGateway, type TestGateway } from '../../support/gateway';

const REQUIRED_CONFIRMATIONS = 2;

/** A chain replica as its own OS process (SERVICE=chain) on the shared engines. */
class ChainReplica {
  constructor(
    readonly name: string,
    private readonly process: EmbeddedGatewayProcess,
    private readonly dataDir: string,
  ) {}

  static async start(name: string, env: Record<string, string>): Promise<ChainReplica> {
    const dataDir = await mkdtemp(path.join(tmpdir(), `chain-replica-${name}-`));
    return new ChainReplica(name, await EmbeddedGatewayProcess.start(dataDir, false, env), dataDir);
  }

  async ready(): Promise<number> {
    return (await fetch(`${this.process.url}/health/ready`)).status;
  }

  /** 1 or 0 from its /metrics: whether it holds the btc watcher lease. */
  async holdsLease(): Promise<number | null> {
    const text = await (await fetch(`${this.process.url}/metrics`)).text();
    const held = /^chain_watcher_lease_held\{network="btc",gateway_service="chain"\} (\d)$/m.exec(text);
    return held ? Number(held[1]) : null;
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    await this.process.kill(signal);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

const until = async <T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> => {
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * Two chain replicas sharing one Redis lease and one btcd: both Ready (a standby can serve), exactly
 * one watching; killed with -9, the watcher's lease passes to the other once it lapses, and every
 * deposit counts once.
 */
describe('two chain replicas sharing the watcher lease', () => {
  const namespace = `replicas${randomBytes(4).toString('hex')}`;
  let node: RegtestNode;
  let buyer: RegtestWallet;
  let gateway: TestGateway;
  let events: PaymentEventLog;
  let env: {
    KAFKA_BROKERS: string;
    MONGODB_URL: string;
    REDIS_URL: string;
    KAFKA_TOPIC_PREFIX: string;
    REDIS_KEY_PREFIX: string;
  } & Record<string, string>;
  const replicas: ChainReplica[] = [];

  beforeAll(async () => {
    node = await RegtestNode.start('btc');
    buyer = new RegtestWallet(node);
    await buyer.fund(2);
    env = {
      KAFKA_BROKERS: process.env.KAFKA_BROKERS!,
      MONGODB_URL: process.env.MONGODB_URL!,
      REDIS_URL: process.env.REDIS_URL!,
      MONGODB_DB: namespace,
      KAFKA_TOPIC_PREFIX: `${namespace}.`,
      REDIS_KEY_PREFIX: `${namespace}:`,
      MASTER_KEY: randomBytes(32).toString('hex'),
      ...node.watcherEnv(REQUIRED_CONFIRMATIONS),
      BTC_CHAIN: 'regtest',
      SANDBOX_ENABLED: 'false',
      CHAIN_POLL_INTERVAL_MS: '100',
      CHAIN_LEASE_TTL_MS: '3000',
    };
    // Payments, the projector, the V1 API and admin in this process; its own watcher steps aside so
    // the two replicas under test are the only ones asking for the lease.
    gateway = await startTestGateway({ env });
    await (gateway.gateway.services.find((s) => s.name === 'chain') as ChainService).chainWatchers.stop();
    const wallet = await adminClient(gateway)(
      'PUT',
      `/merchants/${gateway.demoMerchant.merchantId}/wallets/btc`,
      {
        body: { extended_public_key: testAccountPublicKey(1, 'vpub') },
      },
    );
    expect(wallet.status).toBe(200);
    events = await PaymentEventLog.start(gateway.gateway.ctx.bus, 'test-chain-replicas');
    replicas.push(
      ...(await Promise.all(
        ['a', 'b'].map((name) => ChainReplica.start(name, { ...env, SERVICE: 'chain' })),
      )),
    );
  }, 180_000);

  afterAll(async () => {
    for (const replica of replicas) await replica.kill('SIGKILL').catch(() => undefined);
    await events?.stop();
    await gateway?.stop();
    await node?.destroy();
    await Promise.allSettled([
      dropMongoDatabase(env.MONGODB_URL, namespace),
      deleteKeysUnder(env.REDIS_URL, env.REDIS_KEY_PREFIX),
      deleteKafkaNamespace({ brokers: env.KAFKA_BROKERS.split(',') }, env.KAFKA_TOPIC_PREFIX),
    ]);
  });

  const call = v1Caller(
    () => gateway.baseUrl,
    () => gateway.demoMerchant.apiKey,
  );
  const pay = async (orderId: string) => {
    const payment = await call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_id: orderId,
    });
    const amount = BigInt(toBaseUnits(String(payment.pay_amount), 8));
    const txid = await buyer.pay([{ address: payment.pay_address, amount }]);
    return { payment, txid };
  };

  it('keeps both Ready with one watching, and hands the watch over after kill -9, counting each deposit once', async () => {
    // Both Ready: the standby never polled, and that is no reason to take it out of service.
    await until(
      () => Promise.all(replicas.map((replica) => replica.ready())),
      (statuses) => statuses.every((status) => status === 200),
    );
    const leases = await until(
      () => Promise.all(replicas.map((replica) => replica.holdsLease())),
      (held) => held.includes(1),
    );
    expect([...leases].sort()).toEqual([0, 1]);
    const holder = replicas[leases.indexOf(1)]!;
    const standby = replicas[leases.indexOf(0)]!;

    const seen = await pay('replicas-seen');
    await events.until(seen.payment.payment_id, 'PaymentConfirming');
    // While the holder lives the standby keeps waiting, and stays Ready.
    expect(await standby.holdsLease()).toBe(0);
    expect(await standby.ready()).toBe(200);

    await holder.kill('SIGKILL');
    const unwatched = await pay('replicas-unwatched');
    await node.mine(REQUIRED_CONFIRMATIONS);

    await until(
      () => standby.holdsLease(),
      (held) => held === 1,
    );
    expect(await standby.ready()).toBe(200);
    for (const { payment, txid } of [seen, unwatched]) {
      const history = await events.until(payment.payment_id, 'PaymentFinished');
      expect(history.filter((event) => event.type === 'DepositDetected')).toHaveLength(1);
      const stream = await gateway.gateway.ctx.eventStore.readStream(
        streamIdOf('payment', payment.payment_id),
      );
      expect(stream.filter((event) => event.type === 'DepositDetected')).toHaveLength(1);
      expect(stream.find((event) => event.type === 'DepositDetected')!.data).toMatchObject({ txHash: txid });
    }
  }, 180_000);
});
