import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streamIdOf } from '@gw/domain';
import { MerchantDirectory, type MerchantKeys } from '@gw/application';
import { readRepoFile } from '../../deploy/support/repo-files';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { admin, eventually, PaymentDriver, type DeliveryView } from '../notifier/support/notifier-harness';
import { replyWith, startReceiver, type Receiver } from '../notifier/support/receiver';

/**
 * The live-copy backup of docs/operations.md ("Embedded: DATA_DIR", way 3), taken from the guide
 * itself: the files, in the order its `for f in …` loop copies them.
 */
function documentedLiveCopyOrder(): string[] {
  const loop = /for f in ([^;]+); do/.exec(readRepoFile('docs/operations.md'));
  if (!loop) throw new Error('docs/operations.md has no live-copy loop');
  return loop[1]!.trim().split(/\s+/);
}

/** Copies DATA_DIR file by file as the guide does, skipping files this gateway never wrote. */
async function liveCopy(dataDir: string, backupDir: string): Promise<string[]> {
  const copied: string[] = [];
  for (const file of documentedLiveCopyOrder()) {
    const from = path.join(dataDir, file);
    if (!(await stat(from).catch(() => null))) continue;
    await mkdir(path.dirname(path.join(backupDir, file)), { recursive: true });
    await copyFile(from, path.join(backupDir, file));
    copied.push(file);
  }
  return copied;
}

interface Snapshot {
  payments: { paymentId: number; status: string; events: string[] }[];
  keys: { paymentKey: string; ipnSecret: string; betaApiKey: string };
  deliveries: Pick<DeliveryView, 'delivery_id' | 'state' | 'attempt_count' | 'webhook_status'>[];
}

async function snapshot(
  gateway: TestGateway,
  merchant: MerchantKeys,
  paymentIds: number[],
): Promise<Snapshot> {
  const { ctx } = gateway.gateway;
  const payments = await Promise.all(
    paymentIds.map(async (paymentId) => {
      const answer = await fetch(`${gateway.baseUrl}/v1/payment/${paymentId}`, {
        headers: { 'x-api-key': merchant.apiKey },
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { payment_status: string };
      const events = await ctx.eventStore.readStream(streamIdOf('payment', paymentId));
      return { paymentId, status: body.payment_status, events: events.map((event) => event.type) };
    }),
  );
  // The sealed keys open under the master key the gateway runs with.
  const directory = new MerchantDirectory(ctx.readModels, ctx.secrets);
  const document = (await directory.byId(merchant.merchantId))!;
  const keys = {
    paymentKey: directory.paymentKeyOf(document),
    ipnSecret: directory.ipnSecretOf(document),
    betaApiKey: directory.betaApiKeyOf(document),
  };
  const list = await admin<{ result: { delivery_id: string }[] }>(
    gateway,
    'GET',
    `/webhooks?limit=100&merchant_id=${merchant.merchantId}`,
  );
  const deliveries = await Promise.all(
    list.body.result.map(async ({ delivery_id }) => {
      const { body } = await admin<DeliveryView>(gateway, 'GET', `/webhooks/${delivery_id}`);
      return {
        delivery_id: body.delivery_id,
        state: body.state,
        attempt_count: body.attempt_count,
        webhook_status: body.webhook_status,
      };
    }),
  );
  deliveries.sort((a, b) => a.delivery_id.localeCompare(b.delivery_id));
  return { payments, keys, deliveries };
}

describe('the restore drill of docs/operations.md (embedded)', () => {
  let receiver: Receiver;
  let dataDir: string;
  let backupDir: string;
  const gateways: TestGateway[] = [];

  beforeAll(async () => {
    receiver = await startReceiver(replyWith(200));
    dataDir = await mkdtemp(path.join(tmpdir(), 'drill-live-'));
    backupDir = await mkdtemp(path.join(tmpdir(), 'drill-restored-'));
  });
  afterAll(async () => {
    for (const gateway of gateways.splice(0)) await gateway.stop();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupDir, { recursive: true, force: true });
  });

  it('restores a live copy of DATA_DIR into a fresh gateway: every payment, merchant key and webhook log intact', async () => {
    const live = await startTestGateway({ dataDir });
    gateways.push(live);
    const merchant = live.demoMerchant;
    const driver = new PaymentDriver(live);
    const paid = await driver.open('v1', merchant, receiver.url);
    await driver.payInFull(paid);
    const waiting = await driver.open('alpha', merchant, receiver.url);
    const partly = await driver.open('beta', merchant, receiver.url);
    await driver.deposit(partly, '0.0005', 0);
    const paymentIds = [paid.paymentId, waiting.paymentId, partly.paymentId];
    // Every status change of the three has been delivered (created ×3, confirming, finished-or-confirmed, partially paid).
    const before = await eventually(async () => {
      const taken = await snapshot(live, merchant, paymentIds);
      const settled =
        taken.deliveries.length >= 5 && taken.deliveries.every((delivery) => delivery.state === 'delivered');
      return settled && taken;
    });
    expect(new Set(before.payments.map((payment) => payment.status)).size).toBeGreaterThan(1);
    expect(before.keys).toEqual({
      paymentKey: merchant.paymentKey,
      ipnSecret: merchant.ipnSecret,
      betaApiKey: merchant.betaApiKey,
    });

    // The backup is taken while the gateway runs, as the guide's live copy does.
    const copied = await liveCopy(dataDir, backupDir);
    expect(copied).toEqual(
      expect.arrayContaining([
        'commits.jsonl',
        'master.key',
        'webhooks/deliveries.jsonl',
        'idempotency.jsonl',
      ]),
    );
    expect(copied[copied.length - 1]).toBe('commits.jsonl');
    await live.stop();
    gateways.length = 0;
    await rm(dataDir, { recursive: true, force: true });

    const restored = await startTestGateway({ dataDir: backupDir });
    gateways.push(restored);
    const after = await snapshot(restored, merchant, paymentIds);
    expect(after).toEqual(before);
  });
});
