import { createMerchant, type MerchantKeys } from '@gw/application';
import type { RunningGateway } from '@gw/gateway';
import { engineControlFromEnvironment } from '../support/engines/engine-control';
import { Fleet } from '../support/fleet';

/** scripts/infra or Docker, whichever provider the global setup chose. */
const engines = engineControlFromEnvironment();

interface Outcome {
  acknowledged: number[];
  refused: number;
  statuses: Record<string, number>;
}

/**
 * Faults on the real engines with every service in its own process. What the API acknowledged (201)
 * must exist exactly once afterwards, with gapless versions and one PaymentCreated, whatever died.
 * Figures are printed for the closing note; the assertions are the guarantees.
 */
describe('faults on the real engines', () => {
  let fleet: Fleet;
  let probe: RunningGateway;
  let merchant: MerchantKeys;

  beforeAll(async () => {
    fleet = await Fleet.start({ env: { REQUEST_TIMEOUT_MS: '5000' } });
    probe = await fleet.testGateway();
    merchant = await createMerchant(probe.ctx, { name: 'Fault merchant' });
    await eventually(
      async () => (await createPayment(fleet.url, merchant.apiKey, 'warm-up')).status === 201,
      60_000,
    );
  }, 180_000);

  afterAll(async () => {
    await probe?.stop();
    await fleet?.stop();
  });

  it('kill -9 of payments while payments are being created loses and duplicates nothing acknowledged', async () => {
    const load = createLoad(fleet.url, merchant.apiKey, 'kill');
    await load.until((outcome) => outcome.acknowledged.length >= 30);
    await fleet.kill('payments');
    await sleep(2_000);
    await fleet.restart('payments');
    await load.until((outcome) => outcome.acknowledged.length >= 90, 120_000);
    const outcome = await load.stop();
    const found = await verifyExactlyOnce(probe, outcome.acknowledged);
    report('kill -9 payments', outcome, found);
    expect(found.missing).toEqual([]);
    expect(found.duplicated).toEqual([]);
  }, 240_000);

  it('a Kafka restart mid-run: the services recover by themselves and nothing acknowledged is lost', async () => {
    const load = createLoad(fleet.url, merchant.apiKey, 'kafka');
    await load.until((outcome) => outcome.acknowledged.length >= 20);
    await engines.restart('kafka');
    const before = (await load.snapshot()).acknowledged.length;
    await load.until((outcome) => outcome.acknowledged.length >= before + 30, 180_000);
    const outcome = await load.stop();
    const found = await verifyExactlyOnce(probe, outcome.acknowledged);
    report('Kafka restart', outcome, found);
    expect(found.missing).toEqual([]);
    expect(found.duplicated).toEqual([]);
  }, 300_000);

  it('a Redis restart mid-run: the services recover by themselves and nothing acknowledged is lost', async () => {
    const load = createLoad(fleet.url, merchant.apiKey, 'redis');
    await load.until((outcome) => outcome.acknowledged.length >= 20);
    await engines.restart('redis');
    const before = (await load.snapshot()).acknowledged.length;
    await load.until((outcome) => outcome.acknowledged.length >= before + 30, 120_000);
    const outcome = await load.stop();
    const found = await verifyExactlyOnce(probe, outcome.acknowledged);
    report('Redis restart', outcome, found);
    expect(found.missing).toEqual([]);
    expect(found.duplicated).toEqual([]);
  }, 240_000);
});

/** Four clients creating payments back to back until stopped; every answer is counted. */
function createLoad(baseUrl: string, apiKey: string, label: string) {
  const outcome: Outcome = { acknowledged: [], refused: 0, statuses: {} };
  let running = true;
  let sequence = 0;
  const workers = Array.from({ length: 4 }, async () => {
    while (running) {
      sequence += 1;
      const answer = await createPayment(baseUrl, apiKey, `${label}-${sequence}`).catch(() => null);
      const status = answer ? String(answer.status) : 'socket error';
      outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
      if (answer?.status === 201) outcome.acknowledged.push(answer.paymentId!);
      else {
        outcome.refused += 1;
        await sleep(200);
      }
    }
  });
  return {
    snapshot: async () => outcome,
    async until(done: (outcome: Outcome) => boolean, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(outcome)) {
        if (Date.now() > deadline) throw new Error(`load stalled: ${JSON.stringify(outcome.statuses)}`);
        await sleep(100);
      }
    },
    async stop() {
      running = false;
      await Promise.all(workers);
      return outcome;
    },
  };
}

async function createPayment(baseUrl: string, apiKey: string, orderId: string) {
  const response = await fetch(`${baseUrl}/v1/payment`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ price_amount: 10, price_currency: 'usd', pay_currency: 'btc', order_id: orderId }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as { payment_id?: number } | null;
  return { status: response.status, paymentId: body?.payment_id };
}

/** Reads each acknowledged payment's stream from the event store. */
async function verifyExactlyOnce(probe: RunningGateway, acknowledged: number[]) {
  const missing: number[] = [];
  const duplicated: number[] = [];
  for (const paymentId of new Set(acknowledged)) {
    const events = await probe.ctx.eventStore.readStream(`payment-${paymentId}`);
    if (events.length === 0) missing.push(paymentId);
    const created = events.filter((event) => event.type === 'PaymentCreated').length;
    const gapless = events.every((event, index) => event.version === index + 1);
    if (created > 1 || !gapless) duplicated.push(paymentId);
  }
  const uniqueAcknowledged = new Set(acknowledged).size;
  if (uniqueAcknowledged !== acknowledged.length) duplicated.push(...acknowledged);
  return { acknowledged: uniqueAcknowledged, missing, duplicated };
}

function report(
  fault: string,
  outcome: Outcome,
  found: { acknowledged: number; missing: number[]; duplicated: number[] },
) {
  const attempted = Object.values(outcome.statuses).reduce((sum, count) => sum + count, 0);
  process.stdout.write(
    `fault ${fault}: ${attempted} creates sent, ${found.acknowledged} acknowledged, ` +
      `${found.acknowledged - found.missing.length} found in the event store, ${found.duplicated.length} duplicated; ` +
      `answers ${JSON.stringify(outcome.statuses)}\n`,
  );
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(500);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
