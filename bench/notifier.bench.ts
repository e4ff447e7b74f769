/**
 * Notifier benchmark: webhooks delivered per second to a local receiver and the delay from a status
 * change to its delivery (p50/p99), next to the bare HTTP client posting the same payloads in the same
 * run. Prints one JSON object. Run: `npx tsx bench/notifier.bench.ts [--payments 2000]`.
 *
 * The whole gateway runs in-process (embedded adapters, as `gateway start`); each V1 payment created
 * is a status change (`waiting`) that must reach the receiver as a signed IPN.
 * - live: payments are created through the payments service, 64 in flight, while the notifier runs.
 *   Delay from the status change (the event's `occurredAt`, fixed when payments is asked, so it
 *   includes command queueing) and from the moment the event is on `payments.events`.
 * - backlog: the notifier is stopped, the same number of payments is created, and a fresh notifier
 *   starts and catches up: its capacity, not the rate at which payments are created.
 * - bare HTTP client: the live phase's bodies and headers handed all at once to node's http client
 *   with the notifier's per-host connection limit; delay = arrival − hand-over.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { TOPICS, type EventMessage } from '../packages/contracts/src';
import { openPayment, type ServiceContext } from '../packages/application/src';
import { createNotifierService } from '../services/notifier/src';
import { startTestGateway } from '../test/support/gateway';

const PER_HOST_CONNECTIONS = 8;
const CREATIONS_IN_FLIGHT = 64;

interface Arrival {
  body: string;
  headers: Record<string, string>;
  at: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { payments: { type: 'string', default: '2000' } },
  });
  const count = Number(values.payments);
  if (!Number.isInteger(count) || count < 1 || count > 100_000)
    throw new Error('--payments must be 1..100000');

  const arrivals: Arrival[] = [];
  let expected = Infinity;
  let allArrived: () => void = () => undefined;
  let done = new Promise<void>((resolve) => (allArrived = resolve));
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const sig = req.headers['x-nowpayments-sig'];
      arrivals.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: typeof sig === 'string' ? { 'x-nowpayments-sig': sig } : {},
        at: Date.now(),
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (arrivals.length === expected) allArrived();
    });
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ipn`;

  const gateway = await startTestGateway();
  try {
    const ctx = gateway.gateway.ctx;
    const publishedAt = new Map<number, number>();
    const probe = await ctx.bus.subscribe(
      { topics: [TOPICS.events], groupId: 'bench-probe', fromBeginning: false },
      async (message) => {
        const event = message.value as EventMessage;
        if (event.type === 'PaymentCreated')
          publishedAt.set(Number(event.streamId.slice('payment-'.length)), Date.now());
      },
    );

    // Live phase: status changes arrive while the notifier runs.
    expected = count;
    const changedAt = new Map<number, number>();
    const liveStart = Date.now();
    await createPayments(ctx, count, url, gateway.demoMerchant.merchantId, changedAt);
    const createdBy = Date.now();
    await done;
    const liveArrivals = takeArrivals();
    await probe.stop();
    const idOf = (a: Arrival) => (JSON.parse(a.body) as { payment_id: number }).payment_id;
    const live = {
      webhooksPerSecond: round((count * 1000) / Math.max(1, lastAt(liveArrivals) - liveStart)),
      statusChangesPerSecond: round((count * 1000) / Math.max(1, createdBy - liveStart)),
      delayFromStatusChangeMs: percentiles(liveArrivals.map((a) => a.at - changedAt.get(idOf(a))!)),
      delayFromEventPublishedMs: percentiles(liveArrivals.map((a) => a.at - publishedAt.get(idOf(a))!)),
    };

    // Backlog phase: the notifier is down while the status changes happen; a fresh one catches up.
    const running = gateway.gateway.services.find((service) => service.name === 'notifier');
    await running?.stop();
    await createPayments(ctx, count, url, gateway.demoMerchant.merchantId, new Map());
    expected = count;
    const fresh = createNotifierService(ctx);
    const backlogStart = Date.now();
    await fresh.start();
    const startedIn = Date.now() - backlogStart;
    await done;
    const backlogArrivals = takeArrivals();
    await fresh.stop();
    const backlog = {
      webhooksPerSecond: round((count * 1000) / Math.max(1, lastAt(backlogArrivals) - backlogStart)),
      startWithCatchUpMs: startedIn,
    };

    // Bare client phase: the same payloads, same receiver, same per-host connection limit.
    const agent = new http.Agent({ keepAlive: true, maxSockets: PER_HOST_CONNECTIONS });
    expected = count;
    const handedAt = Date.now();
    const latencies = await Promise.all(liveArrivals.map((payload) => post(agent, url, payload)));
    await done;
    const bareArrivals = takeArrivals();
    agent.destroy();

    const result = {
      benchmark: 'notifier',
      webhooks: count,
      perHostConnections: PER_HOST_CONNECTIONS,
      notifier: { live, backlog },
      bareHttpClient: {
        webhooksPerSecond: round((count * 1000) / Math.max(1, lastAt(bareArrivals) - handedAt)),
        delayFromHandOverMs: percentiles(bareArrivals.map((a) => a.at - handedAt)),
        requestLatencyMs: percentiles(latencies),
      },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await gateway.stop();
    receiver.closeAllConnections();
    receiver.close();
  }

  function takeArrivals(): Arrival[] {
    const taken = arrivals.splice(0);
    done = new Promise<void>((resolve) => (allArrived = resolve));
    return taken;
  }
}

async function createPayments(
  ctx: ServiceContext,
  count: number,
  url: string,
  merchantId: string,
  changedAt: Map<number, number>,
): Promise<void> {
  let next = 0;
  const creator = async () => {
    while (next < count) {
      next++;
      const { terms } = await openPayment(ctx, {
        merchantId,
        family: 'v1',
        priceAmount: '100',
        priceCurrency: 'usd',
        payCurrency: 'btc',
        payAmount: '0.0011',
        orderId: `bench-${next}`,
        orderDescription: null,
        callbackUrl: url,
        lifetimeSeconds: 3600,
      });
      changedAt.set(terms.paymentId, Date.parse(terms.createdAt));
    }
  };
  await Promise.all(Array.from({ length: CREATIONS_IN_FLIGHT }, creator));
}

function post(agent: http.Agent, url: string, payload: Arrival): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const sent = Date.now();
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload.body),
        ...payload.headers,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(Date.now() - sent));
    });
    req.on('error', reject);
    req.end(payload.body);
  });
}

const lastAt = (list: Arrival[]) => Math.max(...list.map((a) => a.at));

function percentiles(values: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

const round = (value: number) => Math.round(value * 10) / 10;

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
