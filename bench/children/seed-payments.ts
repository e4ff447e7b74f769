/**
 * Seeds V1 payments for one merchant straight into a stopped embedded gateway's event store, through
 * the code payments itself runs: `newPaymentTerms` prices them and gives them addresses, the payments
 * `CommandHandler` decides and appends `PaymentCreated` (one fsynced commit per payment, group commit),
 * and the commits are marked published while seeding goes on, as the outbox relay would have. The
 * gateway rebuilds its read models from this store when it starts. Prints `{"seeded":n,"seconds":s}`.
 *
 * Run by the bench runner: `--data-dir <dir> --merchant <id> --count <n>`.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { InMemoryCache } from '../../packages/cache/src';
import { RandomKeyAddressAllocator } from '../../packages/chain/src';
import { loadConfig } from '../../packages/platform/src';
import { CuratedPriceFeed } from '../../packages/pricing/src';
import {
  CachedRatesSource,
  admittedIntakeTerms,
  admittingMerchant,
  priceViewsOf,
  newPaymentTerms,
  SandboxPayAddresses,
  type PaymentTermsSources,
} from '../../packages/application/src';
import { admitPayment, streamIdOf } from '../../packages/domain/src';
import { JsonlEventStore } from '../../packages/store/src';
import { CommandHandler } from '../../services/payments/src/command-handler';

const IN_FLIGHT = 512;
const PUBLISH_BATCH = 10_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, merchant: { type: 'string' }, count: { type: 'string' } },
  });
  const dataDir = values['data-dir'];
  const merchantId = values.merchant;
  const count = Number(values.count);
  if (!dataDir || !merchantId || !Number.isInteger(count) || count < 1)
    throw new Error('usage: seed-payments --data-dir <dir> --merchant <id> --count <n>');

  const started = Date.now();
  const store = await JsonlEventStore.open({ directory: dataDir });
  // No read models here: the gateway seeded for builds its own from this event store when it starts.
  const handler = new CommandHandler(store, { write: async () => false, record: async () => undefined });
  // One millisecond apart, ending now: the list's created_at order is the order of creation.
  const firstCreatedAt = Date.now() - count;
  const rates = new CachedRatesSource(new InMemoryCache(), await new CuratedPriceFeed().snapshot());
  const addresses = new SandboxPayAddresses(new RandomKeyAddressAllocator());
  const config = loadConfig({});

  const createOne = async (n: number) => {
    const sources: PaymentTermsSources = {
      rates,
      addresses,
      clock: { now: () => new Date(firstCreatedAt + n) },
      config,
    };
    const admitted = admitPayment(
      {
        family: 'v1',
        priceAmount: String(10 + (n % 990)),
        priceCurrency: 'usd',
        payCurrency: n % 3 === 0 ? 'eth' : 'btc',
      },
      admittingMerchant({ enabledCoins: null }, config),
      priceViewsOf(rates, config, new Date()),
    );
    const terms = await newPaymentTerms(sources, {
      merchantId,
      family: 'v1',
      ...admittedIntakeTerms(admitted),
      orderId: `seed-${n}`,
      orderDescription: null,
      callbackUrl: null,
    });
    const commandId = randomUUID();
    const reply = await handler.handle({
      commandId,
      streamId: streamIdOf('payment', terms.paymentId),
      merchantId,
      command: {
        type: 'CreatePayment',
        data: terms,
        metadata: { now: terms.createdAt, correlationId: commandId, causationId: commandId },
      },
    });
    if (!reply.ok) throw new Error(`seeding payment ${n} was refused: ${reply.error.message}`);
  };

  let next = 0;
  const worker = async () => {
    while (next < count) {
      await createOne(next++);
    }
  };
  let seeding = true;
  // The relay's part: the store keeps unpublished commits whole in memory until they are marked.
  const relay = async () => {
    for (;;) {
      const commits = await store.unpublishedCommits(PUBLISH_BATCH);
      if (commits.length > 0) await store.markPublished(commits.map((commit) => commit.commitId));
      else if (!seeding) return;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const relayed = relay();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker)).finally(() => (seeding = false));
  await relayed;
  await store.close();
  process.stdout.write(`${JSON.stringify({ seeded: count, seconds: (Date.now() - started) / 1000 })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
