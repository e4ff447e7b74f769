/**
 * CPU per create of the embedded read models, at a number of stored payments: what payments, the
 * outbox relay and the projector write for one V1 create (the payment document, and one history
 * document per event: `ReadModelWriter.write` and `record` as the three of them call them), into an
 * `InMemoryReadModelStore` with the views' indexes, after `--stored` payments were written as a replay
 * writes them. Events are deep-frozen, as payments hands them over. CPU is the process's
 * (`process.cpuUsage`, GC threads included); GC is the main thread's pauses. The payments come from one
 * real `PaymentCreated` (the payments intake and decider) with their ids, order, address and times
 * varied, all of one merchant, as the HTTP growth scenarios seed them.
 * Run: `node --expose-gc --max-old-space-size=4096 --import tsx bench/read-model-write.bench.ts [--stored 0,10000,100000,1000000] [--creates 20000]`.
 */
import { randomUUID } from 'node:crypto';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { InMemoryCache } from '../packages/cache/src';
import { RandomKeyAddressAllocator } from '../packages/chain/src';
import { deepFreeze, loadConfig } from '../packages/platform/src';
import { CuratedPriceFeed } from '../packages/pricing/src';
import {
  CachedRatesSource,
  admittedIntakeTerms,
  admittingMerchant,
  newPaymentTerms,
  priceViewsOf,
  SandboxPayAddresses,
} from '../packages/application/src';
import { admitPayment, decideFromHistory, streamIdOf, type PaymentTerms } from '../packages/domain/src';
import { InMemoryReadModelStore, type StoredEvent } from '../packages/store/src';
import { ReadModelWriter } from '../packages/views/src';

const { values } = parseArgs({
  options: {
    stored: { type: 'string', default: '0,10000,100000,1000000' },
    creates: { type: 'string', default: '20000' },
  },
});
const sizes = values.stored.split(',').map(Number);
const creates = Number(values.creates);
const MERCHANT = randomUUID();

async function templateTerms(): Promise<PaymentTerms> {
  const config = loadConfig({});
  const rates = new CachedRatesSource(new InMemoryCache(), await new CuratedPriceFeed().snapshot());
  const admitted = admitPayment(
    { family: 'v1', priceAmount: '25', priceCurrency: 'usd', payCurrency: 'btc' },
    admittingMerchant({ enabledCoins: null }, config),
    priceViewsOf(rates, config, new Date()),
  );
  return newPaymentTerms(
    {
      rates,
      addresses: new SandboxPayAddresses(new RandomKeyAddressAllocator()),
      clock: { now: () => new Date() },
      config,
    },
    {
      merchantId: MERCHANT,
      family: 'v1',
      ...admittedIntakeTerms(admitted),
      orderId: 'order',
      orderDescription: null,
      callbackUrl: null,
    },
  );
}

/** The n-th payment's `PaymentCreated`, one millisecond after the one before, as stored. */
function createdEvent(template: PaymentTerms, n: number): StoredEvent {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + n);
  const paymentId = 4_000_000_000 + n;
  const data: PaymentTerms = {
    ...template,
    paymentId,
    uuid: randomUUID(),
    trackId: String(paymentId),
    orderId: `order-${randomUUID()}`,
    payAddress: `tb1q${randomUUID().replace(/-/g, '')}`,
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + 3_600_000).toISOString(),
  };
  const [event] = decideFromHistory(
    { type: 'CreatePayment', data, metadata: { now: data.createdAt, correlationId: 'c', causationId: 'c' } },
    [],
  );
  const commandId = randomUUID();
  return JSON.parse(
    JSON.stringify({
      eventId: randomUUID(),
      streamId: streamIdOf('payment', paymentId),
      version: 1,
      type: event!.type,
      occurredAt: data.createdAt,
      merchantId: MERCHANT,
      data: event!.data,
      metadata: { correlationId: commandId, causationId: commandId },
    }),
  ) as StoredEvent;
}

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

async function measure(template: PaymentTerms, stored: number) {
  const store = new InMemoryReadModelStore();
  const writer = new ReadModelWriter(store);
  await writer.ensureIndexes();
  for (let n = 0; n < stored; n++) {
    const event = createdEvent(template, n);
    await writer.write([event]);
    await writer.record([event]);
  }
  const events = Array.from({ length: creates }, (_, i) => deepFreeze(createdEvent(template, stored + i)));
  (globalThis as { gc?: () => void }).gc?.();
  const heapMb = Math.round(process.memoryUsage().heapUsed / 1e6);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const gcBefore = gcMs;
  const cpu = process.cpuUsage();
  for (const event of events) {
    // payments before it replies, the outbox relay before it publishes, the projector as it applies.
    await writer.write([event]);
    await writer.record([event]);
    await writer.record([event]);
    await writer.write([event]);
    await writer.record([event]);
  }
  const used = process.cpuUsage(cpu);
  // The GC observer reports on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await store.close();
  return {
    stored,
    cpuUsPerCreate: Math.round(((used.user + used.system) / creates) * 10) / 10,
    gcUsPerCreate: Math.round(((gcMs - gcBefore) * 1000 * 10) / creates) / 10,
    heapMb,
  };
}

async function main(): Promise<void> {
  const template = await templateTerms();
  for (const stored of sizes) process.stdout.write(`${JSON.stringify(await measure(template, stored))}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
