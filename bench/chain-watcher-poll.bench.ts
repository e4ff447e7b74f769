/**
 * CPU and payment documents read per chain-watcher poll, at a number of payments in the late-deposit
 * window: the full load (what every poll did before the watcher kept its payments between polls)
 * against the polls between full loads, in the same run. The watcher runs on the embedded read models
 * with the views' indexes and an in-memory chain; one new payment is created and one block mined before
 * each poll (a 2-second chain, as Polygon), and a tenth of the stored payments have a settled deposit. CPU is the process's (`process.cpuUsage`).
 * With `--mongodb-url` the read models are MongoDB's (a fresh database, dropped afterwards), and the
 * CPU of the server's process (FerretDB, and PostgreSQL with its backends) is added from /proc; the
 * documents read are then not counted.
 * Run: `node --expose-gc --max-old-space-size=4096 --import tsx bench/chain-watcher-poll.bench.ts [--stored 10000,100000] [--polls 50] [--mongodb-url URL]`.
 */
import { parseArgs } from 'node:util';
import { samplePaymentTerms } from '../packages/domain/src/testing';
import { createLogger, ManualClock } from '../packages/platform/src';
import { InMemoryReadModelStore, MongoReadModelStore, type ReadModelStore } from '../packages/store/src';
import { dropMongoDatabase, randomDatabaseName } from '../packages/store/src/testing/mongo-test-database';
import { COLLECTIONS, INDEXES, projectPayment, type PaymentDocument } from '../packages/views/src';
import { ChainWatcher } from '../services/chain/src/watchers/chain-watcher';
import { ReadModelWatchStore } from '../services/chain/src/watchers/read-model-watch-store';
import { MemoryChain, RecordingBus } from '../services/chain/test/support/memory-chain';
import { enginePids } from './runner/engine-processes';
import { readTreeCpuSeconds } from './runner/child-process';

const { values } = parseArgs({
  options: {
    stored: { type: 'string', default: '10000,100000' },
    polls: { type: 'string', default: '50' },
    'mongodb-url': { type: 'string' },
  },
});
const POLL_MS = 2_000;
const WEEK_MS = 7 * 24 * 60 * 60_000;

/** CPU seconds the read models' server has used so far: 0 for the in-memory store. */
type ServerCpu = () => Promise<number>;

async function measure(
  stored: number,
  polls: number,
  readModels: ReadModelStore,
  serverCpu: ServerCpu,
): Promise<string> {
  const clock = new ManualClock('2026-01-08T00:00:00.000Z');
  const payments = readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  await payments.ensureIndexes(INDEXES.payments);
  const store = new ReadModelWatchStore(readModels);
  await store.open();
  const chain = new MemoryChain();
  let nextId = 1;
  const create = async (createdAt: number): Promise<PaymentDocument> => {
    const paymentId = nextId++;
    const doc = projectPayment(
      null,
      {
        type: 'PaymentCreated',
        data: samplePaymentTerms({
          paymentId,
          payAddress: `addr${paymentId}`,
          createdAt: new Date(createdAt).toISOString(),
          expiresAt: new Date(createdAt + 60 * 60_000).toISOString(),
          requiredConfirmations: 1,
        }),
      },
      1,
    )!;
    const document = { ...doc, uuid: `uuid-${paymentId}`, trackId: `${paymentId}` };
    await payments.upsertIfNewer(document);
    return document;
  };
  const now = clock.now().getTime();
  for (let i = 0; i < stored; i++) {
    const payment = await create(now - WEEK_MS + Math.floor((i * WEEK_MS) / stored));
    if (i % 10 === 0)
      await store.save({
        id: `btc:tx${i}:0`,
        version: 1,
        network: 'btc',
        txHash: `tx${i}`,
        outputIndex: 0,
        payAddress: payment.payAddress,
        paymentId: payment.paymentId,
        merchantId: payment.merchantId,
        amount: '1000',
        block: { height: 0, hash: 'b0' },
        reported: { confirmations: 1, blockHash: 'b0' },
        settled: true,
      });
  }
  const watcher = new ChainWatcher({
    settleStaticDeposit: () => Promise.reject(new Error('no static address here')),
    source: chain,
    store,
    readModels,
    bus: new RecordingBus(),
    clock,
    logger: createLogger({ level: 'silent' }),
    dropAfterBlocks: 6,
  });
  let read = 0;
  const counted = readModels instanceof InMemoryReadModelStore;
  if (counted)
    readModels.guardQueries({
      observe: (cost) => {
        if (cost.collection === COLLECTIONS.payments) read += cost.examined;
      },
    });
  const poll = async (): Promise<{ cpuMs: number; read: number }> => {
    clock.advance(POLL_MS);
    chain.mine('b', []);
    await create(clock.now().getTime());
    read = 0;
    global.gc?.();
    const server = await serverCpu();
    const before = process.cpuUsage();
    await watcher.poll();
    const used = process.cpuUsage(before);
    const serverMs = ((await serverCpu()) - server) * 1000;
    if (watcher.status().error) throw new Error(watcher.status().error!);
    return { cpuMs: (used.user + used.system) / 1000 + serverMs, read };
  };
  const full = await poll();
  const between: { cpuMs: number; read: number }[] = [];
  for (let i = 0; i < polls; i++) between.push(await poll());
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const betweenCpu = mean(between.map((p) => p.cpuMs));
  return [
    stored.toLocaleString('en'),
    full.cpuMs.toFixed(1),
    counted ? String(full.read) : '–',
    betweenCpu.toFixed(2),
    counted ? mean(between.map((p) => p.read)).toFixed(1) : '–',
    (betweenCpu / full.cpuMs).toFixed(4),
  ].join(' | ');
}

async function main(): Promise<void> {
  const polls = Number(values.polls);
  const url = values['mongodb-url'];
  const engines = url ? Object.values(await enginePids({ MONGODB_URL: url })) : [];
  const serverCpu: ServerCpu = async () => {
    let seconds = 0;
    for (const engine of engines) seconds += (await readTreeCpuSeconds(engine.pid)) ?? 0;
    return seconds;
  };
  if (url) console.log(`read models on ${url}: ${engines.length} server processes sampled`);
  console.log(
    '| payments in the window | full load: CPU ms | payments read | between full loads: CPU ms per poll | payments read per poll | ratio |',
  );
  console.log('|--:|--:|--:|--:|--:|--:|');
  for (const stored of values.stored.split(',').map(Number)) {
    if (!url) {
      console.log(`| ${await measure(stored, polls, new InMemoryReadModelStore(), serverCpu)} |`);
      continue;
    }
    const database = randomDatabaseName('watcher_bench');
    const readModels = await MongoReadModelStore.open({ url, database });
    try {
      console.log(`| ${await measure(stored, polls, readModels, serverCpu)} |`);
    } finally {
      await readModels.close();
      await dropMongoDatabase(url, database);
    }
  }
}

void main();
