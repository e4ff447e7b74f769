import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { testAccountPublicKey } from '@gw/chain/testing';
import { streamIdOf } from '@gw/domain';
import { toBaseUnits } from '@gw/pricing';
import { MerchantDirectory, type MerchantKeys } from '@gw/application';
import type { ReadModelDocument } from '@gw/store';
import { COLLECTIONS } from '@gw/views';
import { deleteKafkaNamespace } from '@gw/bus/testing';
import { deleteKeysUnder } from '@gw/cache/testing';
import { dropMongoDatabase } from '@gw/store/testing';
import { replayCommand } from '@gw/gateway';
import { readRepoFile } from '../../deploy/support/repo-files';
import { adminClient } from '../../e2e/admin/admin-helpers';
import { admin, type DeliveryView } from '../../e2e/notifier/support/notifier-harness';
import { replyWith, startReceiver, type Receiver } from '../../e2e/notifier/support/receiver';
import { PaymentEventLog } from '../../support/chain/payment-event-log';
import { RegtestNode } from '../../support/chain/regtest-node';
import { RegtestWallet } from '../../support/chain/regtest-wallet';
import { v1Caller, type V1Payment } from '../../support/chain/v1-calls';
import { webhookCall } from '../../support/chain/webhook-calls';
import { infraPostgresUrl, RestoredFerretDb } from '../../support/engines/restored-ferretdb';
import { startTestGateway, type TestGateway } from '../../support/gateway';

const run = promisify(execFile);
const REQUIRED_CONFIRMATIONS = 2;

type DocumentedCommand = 'pg_dump' | 'createdb' | 'pg_restore' | 'psql';

/** The one line of docs/operations.md's FerretDB backup and restore that runs `command`. */
function documentedCommand(command: DocumentedCommand): string {
  const line = readRepoFile('docs/operations.md')
    .split('\n')
    .find((text) => text.startsWith(`${command} `));
  if (!line) throw new Error(`docs/operations.md shows no ${command} command`);
  return line;
}

/** Runs a documented command with bash, its variables from `variables`. */
async function runDocumented(command: DocumentedCommand, variables: Record<string, string>): Promise<void> {
  await run('bash', ['-euo', 'pipefail', '-c', documentedCommand(command)], {
    env: { ...process.env, ...variables },
  });
}

interface PaymentState {
  status: string;
  depositsDetected: number;
  deliveries: Pick<DeliveryView, 'delivery_id' | 'state' | 'attempt_count' | 'webhook_status'>[];
}

/**
 * The MongoDB-mode restore drill of docs/operations.md, on FerretDB with PostgreSQL: a live gateway on
 * the engines with a finished, a partly paid and a waiting payment is backed up with the guide's
 * pg_dump while it runs; money reaches the waiting payment after the backup; the dump is restored into
 * a fresh PostgreSQL database under a FerretDB of its own, on fresh Kafka topics, the read models
 * replayed, and the gateway started on it. Every payment reads back, the watcher resumes from its
 * checkpoint (the deposit made after the backup counts once, those before it are not counted again),
 * and no webhook delivered before the backup is sent again.
 */
describe('the MongoDB restore drill of docs/operations.md (FerretDB on PostgreSQL)', () => {
  const namespace = `drill${randomBytes(4).toString('hex')}`;
  const restoredDb = `${namespace}_restored`;
  let node: RegtestNode;
  let buyer: RegtestWallet;
  let receiver: Receiver;
  let backupDir: string;
  let restoredFerretDb: RestoredFerretDb | undefined;
  const gateways: TestGateway[] = [];
  const eventLogs: PaymentEventLog[] = [];
  const liveEnv = {
    KAFKA_BROKERS: process.env.KAFKA_BROKERS!,
    MONGODB_URL: process.env.MONGODB_URL!,
    REDIS_URL: process.env.REDIS_URL!,
    MONGODB_DB: namespace,
    KAFKA_TOPIC_PREFIX: `${namespace}.`,
    REDIS_KEY_PREFIX: `${namespace}:`,
    MASTER_KEY: randomBytes(32).toString('hex'),
    BTC_CHAIN: 'regtest',
    SANDBOX_ENABLED: 'false',
    CHAIN_POLL_INTERVAL_MS: '100',
  };
  // Step 3 of the guide: fresh topics and consumer groups, so no consumer applies a message newer than the dump.
  const restoredTopicPrefix = `${namespace}.r1.`;

  beforeAll(async () => {
    node = await RegtestNode.start('btc');
    buyer = new RegtestWallet(node);
    await buyer.fund(2);
    receiver = await startReceiver(replyWith(200));
    backupDir = await mkdtemp(path.join(tmpdir(), 'mongo-drill-'));
  }, 120_000);

  afterAll(async () => {
    for (const log of eventLogs.splice(0)) await log.stop();
    for (const gateway of gateways.splice(0)) await gateway.stop();
    await restoredFerretDb?.stop();
    await node?.destroy();
    await receiver?.close();
    await Promise.allSettled([
      dropMongoDatabase(liveEnv.MONGODB_URL, namespace),
      run('dropdb', ['--if-exists', '--maintenance-db', infraPostgresUrl(), restoredDb]),
      deleteKeysUnder(liveEnv.REDIS_URL, liveEnv.REDIS_KEY_PREFIX),
      deleteKafkaNamespace({ brokers: liveEnv.KAFKA_BROKERS.split(',') }, liveEnv.KAFKA_TOPIC_PREFIX),
      rm(backupDir, { recursive: true, force: true }),
    ]);
  });

  async function stateOf(gateway: TestGateway, merchant: MerchantKeys, paymentId: number) {
    const answer = await fetch(`${gateway.baseUrl}/v1/payment/${paymentId}`, {
      headers: { 'x-api-key': merchant.apiKey },
    });
    expect(answer.status).toBe(200);
    const { payment_status: status } = (await answer.json()) as V1Payment;
    const events = await gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', paymentId));
    const list = await admin<{ result: { delivery_id: string }[] }>(
      gateway,
      'GET',
      `/webhooks?payment_id=${paymentId}`,
    );
    const deliveries = await Promise.all(
      list.body.result.map(async ({ delivery_id }) => {
        const { body } = await admin<DeliveryView>(gateway, 'GET', `/webhooks/${delivery_id}`);
        const { state, attempt_count, webhook_status } = body;
        return { delivery_id, state, attempt_count, webhook_status };
      }),
    );
    deliveries.sort((a, b) => a.delivery_id.localeCompare(b.delivery_id));
    const depositsDetected = events.filter((event) => event.type === 'DepositDetected').length;
    return { status, depositsDetected, deliveries } satisfies PaymentState;
  }

  it('restores a pg_dump of a live gateway into a fresh database: payments, merchant keys, checkpoints and webhook log intact', async () => {
    const live = await startTestGateway({ env: { ...liveEnv, ...node.watcherEnv(REQUIRED_CONFIRMATIONS) } });
    gateways.push(live);
    const merchant = live.demoMerchant;
    const wallet = await adminClient(live)('PUT', `/merchants/${merchant.merchantId}/wallets/btc`, {
      body: { extended_public_key: testAccountPublicKey(1, 'vpub') },
    });
    expect(wallet.status).toBe(200);
    const liveEvents = await PaymentEventLog.start(live.gateway.ctx.bus, `${namespace}-drill-live`);
    eventLogs.push(liveEvents);
    const call = v1Caller(
      () => live.baseUrl,
      () => merchant.apiKey,
    );
    const create = (orderId: string) =>
      call<V1Payment>('POST', '/v1/payment', {
        price_amount: 100,
        price_currency: 'usd',
        pay_currency: 'btc',
        order_id: orderId,
        ipn_callback_url: `${receiver.url}/ipn/${orderId}`,
      });
    const pay = (payment: V1Payment, share: bigint) =>
      buyer.pay([
        {
          address: payment.pay_address,
          amount: (BigInt(toBaseUnits(String(payment.pay_amount), 8)) * share) / 2n,
        },
      ]);
    const ipnsOf = (payment: V1Payment) =>
      receiver.calls.filter((c) => c.json.payment_id === payment.payment_id);

    const paid = await create('drill-paid');
    const partly = await create('drill-partly');
    const waiting = await create('drill-waiting');
    await pay(paid, 2n);
    await pay(partly, 1n);
    await node.mine(REQUIRED_CONFIRMATIONS);
    await liveEvents.until(paid.payment_id, 'PaymentFinished');
    await webhookCall(
      receiver,
      (json) => json.payment_id === paid.payment_id && json.payment_status === 'finished',
    );
    await webhookCall(
      receiver,
      (json) => json.payment_id === partly.payment_id && json.payment_status === 'partially_paid',
    );
    const before = {
      paid: await stateOf(live, merchant, paid.payment_id),
      partly: await stateOf(live, merchant, partly.payment_id),
      waiting: await stateOf(live, merchant, waiting.payment_id),
    };
    expect(before.paid).toMatchObject({ status: 'finished', depositsDetected: 1 });
    expect(before.partly).toMatchObject({ status: 'partially_paid', depositsDetected: 1 });
    expect(before.waiting).toMatchObject({ status: 'waiting', depositsDetected: 0 });
    for (const delivery of [...before.paid.deliveries, ...before.partly.deliveries])
      expect(delivery.state).toBe('delivered');
    const ipnsBefore = { paid: ipnsOf(paid).length, partly: ipnsOf(partly).length };

    // The backup, taken while the gateway runs, with the guide's command.
    const backup = path.join(backupDir, 'gateway.pgdump');
    await runDocumented('pg_dump', {
      FERRETDB_POSTGRESQL_URL: infraPostgresUrl(),
      MONGODB_DB: namespace,
      BACKUP: backup,
    });

    // Money reaches the waiting payment after the backup; the live gateway counts it, then is lost.
    const lateTx = await pay(waiting, 2n);
    await node.mine(REQUIRED_CONFIRMATIONS);
    await liveEvents.until(waiting.payment_id, 'PaymentFinished');
    await liveEvents.stop();
    eventLogs.length = 0;
    await live.stop();
    gateways.length = 0;

    // The restore: a fresh PostgreSQL database, a FerretDB started on it, fresh topics, read models replayed.
    const restoredPostgresUrl = infraPostgresUrl(restoredDb);
    await runDocumented('createdb', { FERRETDB_POSTGRESQL_URL: infraPostgresUrl(), RESTORED_DB: restoredDb });
    await runDocumented('pg_restore', { RESTORED_POSTGRESQL_URL: restoredPostgresUrl, BACKUP: backup });
    await runDocumented('psql', { RESTORED_POSTGRESQL_URL: restoredPostgresUrl });
    restoredFerretDb = await RestoredFerretDb.start(restoredPostgresUrl);
    const restoredEnv = {
      ...liveEnv,
      ...node.watcherEnv(REQUIRED_CONFIRMATIONS),
      MONGODB_URL: restoredFerretDb.mongodbUrl,
      KAFKA_TOPIC_PREFIX: restoredTopicPrefix,
    };
    const replayed = await replayCommand(restoredEnv, { yes: true, out: sink(), terminal: sink() });
    expect(replayed?.documents).toMatchObject({ payments: 3 });

    const restored = await startTestGateway({ env: restoredEnv });
    gateways.push(restored);
    const restoredEvents = await PaymentEventLog.start(
      restored.gateway.ctx.bus,
      `${namespace}-drill-restored`,
    );
    eventLogs.push(restoredEvents);

    // The watcher resumes from the restored checkpoint: the deposit made after the backup is found again.
    await restoredEvents.until(waiting.payment_id, 'PaymentFinished');
    const lateIpn = await webhookCall(
      receiver,
      (json) => json.payment_id === waiting.payment_id && json.payment_status === 'finished',
      2,
    );
    expect(lateIpn.json.payin_hash).toBe(lateTx);
    const after = {
      paid: await stateOf(restored, merchant, paid.payment_id),
      partly: await stateOf(restored, merchant, partly.payment_id),
      waiting: await stateOf(restored, merchant, waiting.payment_id),
    };
    // Everything before the backup is as it was: no deposit counted twice, no delivery redone.
    expect(after.paid).toEqual(before.paid);
    expect(after.partly).toEqual(before.partly);
    expect(after.waiting).toMatchObject({ status: 'finished', depositsDetected: 1 });
    expect({ paid: ipnsOf(paid).length, partly: ipnsOf(partly).length }).toEqual(ipnsBefore);
    // The merchant's sealed keys open under the same MASTER_KEY.
    const { ctx } = restored.gateway;
    const directory = new MerchantDirectory(ctx.readModels, ctx.secrets);
    const document = (await directory.byId(merchant.merchantId))!;
    expect({
      paymentKey: directory.paymentKeyOf(document),
      ipnSecret: directory.ipnSecretOf(document),
      betaApiKey: directory.betaApiKeyOf(document),
    }).toEqual({
      paymentKey: merchant.paymentKey,
      ipnSecret: merchant.ipnSecret,
      betaApiKey: merchant.betaApiKey,
    });
    // The read models (what lists and hosted pages read) hold the three payments as the events do.
    const listed = await restored.gateway.ctx.readModels
      .collection<ReadModelDocument & { paymentId: number; status: string }>(COLLECTIONS.payments)
      .find({ filter: { merchantId: merchant.merchantId }, sort: [['paymentId', 1]] });
    expect(listed.map((payment) => [payment.paymentId, payment.status])).toEqual([
      [paid.payment_id, 'finished'],
      [partly.payment_id, 'partially_paid'],
      [waiting.payment_id, 'finished'],
    ]);
  }, 240_000);
});

/** A stream that swallows what the replay command prints. */
function sink(): NodeJS.WritableStream {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}
