import pino from 'pino';
import { samplePaymentTerms, sampleStaticAddressTerms } from '@gw/domain/testing';
import type { PaymentTerms } from '@gw/domain';
import { ManualClock } from '@gw/platform';
import { InMemoryReadModelStore, type QueryCost } from '@gw/store';
import {
  COLLECTIONS,
  INDEXES,
  projectPayment,
  projectStaticAddress,
  type PaymentDocument,
  type StaticAddressDocument,
} from '@gw/views';
import type { Transfer } from '../src/watchers/chain-source';
import { ChainWatcher, UNLINKED_POLLS_BEFORE_ERROR } from '../src/watchers/chain-watcher';
import { ReadModelWatchStore } from '../src/watchers/read-model-watch-store';
import type { WatchedDeposit } from '../src/watchers/watch-store';
import { MemoryChain, RecordingBus } from './support/memory-chain';
import { FULL_LOAD_INTERVAL_MS, NEW_DOCUMENT_LOOKBACK_MS } from '../src/watchers/kept-between-polls';

const START = new Date('2026-01-05T10:00:00.000Z');
const POLL_MS = 2_000;

describe('a chain watcher between full loads', () => {
  let clock: ManualClock;
  let chain: MemoryChain;
  let bus: RecordingBus;
  let readModels: InMemoryReadModelStore;
  let watcher: ChainWatcher;
  let store: ReadModelWatchStore;
  let settled: [string, string][];
  /** How many of the next static deposits fail to settle, as when payments refuses their payment. */
  let failingSettles = 0;

  const payments = () => readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  const staticAddresses = () => readModels.collection<StaticAddressDocument>(COLLECTIONS.staticAddresses);
  async function openStaticAddress(id: number, address: string): Promise<void> {
    const terms = sampleStaticAddressTerms({
      staticAddressId: id,
      uuid: `uuid-static-${id}`,
      address,
      createdAt: clock.now().toISOString(),
    });
    await staticAddresses().upsertIfNewer(
      projectStaticAddress(null, { type: 'StaticAddressOpened', data: terms }, 1, String(id))!,
    );
  }
  async function createPayment(terms: Partial<PaymentTerms>): Promise<PaymentDocument> {
    const doc = projectPayment(
      null,
      {
        type: 'PaymentCreated',
        data: samplePaymentTerms({
          createdAt: clock.now().toISOString(),
          expiresAt: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
          requiredConfirmations: 1,
          ...terms,
        }),
      },
      1,
    )!;
    const stored = { ...doc, uuid: `uuid-${doc.paymentId}`, trackId: `${doc.paymentId}` };
    await payments().upsertIfNewer(stored);
    return stored;
  }
  /** A deposit to a static address, stored as the watcher keeps it, in block 1 and not yet reported. */
  const staticDepositInBlock1 = (
    deposit: Pick<WatchedDeposit, 'id' | 'txHash' | 'payAddress' | 'paymentId' | 'staticAddress'>,
  ): WatchedDeposit => ({
    ...deposit,
    version: 1,
    network: 'btc',
    outputIndex: 0,
    merchantId: 'm1',
    amount: '1000',
    block: { height: 1, hash: 'b1' },
    missingSince: null,
    dropped: false,
    reported: null,
    settled: false,
  });
  const poll = async () => {
    clock.advance(POLL_MS);
    await watcher.poll();
    expect(watcher.status().error).toBeNull();
  };
  const transfer = (txHash: string, payAddress: string, amount = 1000n): Transfer => ({
    txHash,
    outputIndex: 0,
    recipient: payAddress,
    amount,
  });

  beforeEach(async () => {
    clock = new ManualClock(START);
    chain = new MemoryChain();
    bus = new RecordingBus();
    readModels = new InMemoryReadModelStore();
    await payments().ensureIndexes(INDEXES.payments);
    await staticAddresses().ensureIndexes(INDEXES.staticAddresses);
    settled = [];
    failingSettles = 0;
    store = new ReadModelWatchStore(readModels);
    await store.open();
    watcher = new ChainWatcher({
      settleStaticDeposit: async (address, deposit) => {
        if (failingSettles-- > 0) throw new Error('payments refused the payment');
        settled.push([address.id, deposit.txHash]);
        return { credited: true, paymentId: deposit.paymentId };
      },
      source: chain,
      store,
      readModels,
      bus,
      clock,
      logger: pino({ level: 'silent' }),
      dropAfterBlocks: 6,
    });
  });

  it('reads the few newest payments, not every payment of the late-deposit window', async () => {
    // A day of history still in the window, and one payment created just now.
    clock.set(START.getTime() - 24 * 60 * 60_000);
    for (let i = 0; i < 300; i++) await createPayment({ paymentId: 1000 + i, payAddress: `old${i}` });
    for (let i = 0; i < 100; i++) await openStaticAddress(5000 + i, `static${i}`);
    clock.set(START);
    await poll();
    await createPayment({ paymentId: 7, payAddress: 'new7' });
    await openStaticAddress(8, 'static-new');
    const costs: QueryCost[] = [];
    readModels.guardQueries({ observe: (cost) => costs.push(cost) });

    await poll();

    const paymentReads = costs.filter((cost) => cost.collection === COLLECTIONS.payments);
    expect(paymentReads.reduce((sum, cost) => sum + cost.examined, 0)).toBe(1);
    const staticReads = costs.filter((cost) => cost.collection === COLLECTIONS.staticAddresses);
    expect(staticReads.reduce((sum, cost) => sum + cost.examined, 0)).toBe(1);
    // Each by equality alone, which FerretDB 1.24 pushes down: no range, no `$in`.
    for (const { query } of [...paymentReads, ...staticReads]) {
      for (const condition of Object.values(query.filter))
        expect(condition === null || typeof condition !== 'object').toBe(true);
    }
  });

  it('watches a payment created after the full load from the next poll, and reports its deposit', async () => {
    await poll();
    const payment = await createPayment({ paymentId: 8, payAddress: 'addr8' });
    chain.mempool.push(transfer('tx8', payment.payAddress));

    await poll();
    chain.mine();
    await poll();

    expect(bus.deposits.map((d) => [d.paymentId, d.txHash, d.confirmations])).toEqual([
      [8, 'tx8', 0],
      [8, 'tx8', 1],
    ]);
  });

  it('watches a refund asked between full loads from the next poll, and one asked before the flag was kept until it is done', async () => {
    const refunded = await createPayment({ paymentId: 12, payAddress: 'addr12' });
    const legacy = await createPayment({ paymentId: 13, payAddress: 'addr13' });
    await poll();
    const pending = (at: Date, address: string) => ({
      address,
      amount: '0.00001',
      requestedAt: at.toISOString(),
      refundHash: null,
      refundedAt: null,
      pendingSince: at.toISOString(),
    });
    await payments().upsertIfNewer({
      ...refunded,
      version: 2,
      refund: pending(clock.now(), 'buyer12'),
      refundPending: true,
    });
    const { refundPending: _, ...projectedBeforeTheFlag } = {
      ...legacy,
      version: 2,
      refund: pending(START, 'buyer13'),
    };
    await payments().upsertIfNewer(projectedBeforeTheFlag);
    chain.mempool.push(transfer('tx-refund-12', 'buyer12'));
    await poll();
    expect(bus.deposits.map((d) => [d.paymentId, d.txHash, d.refund])).toEqual([[12, 'tx-refund-12', true]]);

    // The range of the next full load finds the one projected before the flag; polls after it keep it.
    clock.set(START.getTime() + FULL_LOAD_INTERVAL_MS + POLL_MS);
    await watcher.poll();
    chain.mine();
    await poll();
    chain.mempool.push(transfer('tx-refund-13', 'buyer13'));
    await poll();
    expect(bus.deposits.filter((d) => d.paymentId === 13).map((d) => [d.txHash, d.refund])).toEqual([
      ['tx-refund-13', true],
    ]);
  });

  it('watches a static address opened after the full load from the next poll', async () => {
    await poll();
    await openStaticAddress(15, 'static15');
    chain.mempool.push(transfer('tx15', 'static15'));

    await poll();

    expect(settled).toEqual([['15', 'tx15']]);
  });

  it('keeps scanning past a static deposit it cannot settle now, and settles it at a later poll', async () => {
    await createPayment({ paymentId: 16, payAddress: 'addr16' });
    await openStaticAddress(17, 'static17');
    await poll();
    failingSettles = 2; // when the scan meets it, and when the same poll tries the pending ones again
    chain.mine('b', [transfer('tx17', 'static17'), transfer('tx16', 'addr16')]);

    await poll();

    // The payment's deposit in the same block is reported, and the scan went past the block.
    expect(bus.deposits.map((d) => [d.paymentId, d.txHash])).toEqual([[16, 'tx16']]);
    expect(watcher.status().processed?.height).toBe(1);
    expect(settled).toEqual([]);
    expect(await store.get('btc:tx17:0')).toMatchObject({ staticAddress: { outcome: 'pending' } });

    await poll();

    expect(settled).toEqual([['17', 'tx17']]);
    expect(await store.get('btc:tx17:0')).toMatchObject({
      staticAddress: { outcome: 'credited' },
      block: { height: 1 },
    });
  });

  it('settles at its first poll a static deposit a stopped process left pending', async () => {
    await openStaticAddress(18, 'static18');
    // Already scanned by the process that stopped: only the stored deposit tells of it.
    chain.mine('b', []);
    await store.save(
      staticDepositInBlock1({
        id: 'btc:tx18:0',
        txHash: 'tx18',
        payAddress: 'static18',
        paymentId: 2 ** 52 + 18,
        staticAddress: { id: '18', outcome: 'pending', payCurrency: 'btc' },
      }),
    );

    await poll();

    expect(settled).toEqual([['18', 'tx18']]);
    expect(await store.get('btc:tx18:0')).toMatchObject({ staticAddress: { outcome: 'credited' } });
  });

  it('looks at a settled deposit again only when its block leaves the best chain', async () => {
    await createPayment({ paymentId: 9, payAddress: 'addr9' });
    await poll();
    chain.mempool.push(transfer('tx9', 'addr9'));
    chain.mine();
    await poll();
    expect(await store.get('btc:tx9:0')).toMatchObject({ settled: true });
    expect(await store.openDeposits('btc')).toEqual([]);
    chain.mine();
    await poll();
    expect(bus.deposits).toHaveLength(1);

    // A reorganisation replaces both blocks; the transaction waits in the mempool again.
    chain.blocks = chain.blocks.slice(0, 1);
    chain.mempool.push(transfer('tx9', 'addr9'));
    chain.mine('r', []);
    chain.mine('r', []);
    chain.mine('r', []);
    await poll();
    expect(await store.get('btc:tx9:0')).toMatchObject({ block: null, settled: false });
    chain.mine('r');
    await poll();

    expect(bus.deposits.map((d) => [d.confirmations, d.blockHash])).toEqual([
      [1, 'b1'],
      [0, null],
      [1, 'r4'],
    ]);
  });

  it('reports a deposit saved before `settled` was kept at the next full load, and settles it', async () => {
    await createPayment({ paymentId: 10, payAddress: 'addr10', requiredConfirmations: 2 });
    chain.mine('b', [transfer('tx10', 'addr10')]);
    await store.save({
      id: 'btc:tx10:0',
      version: 3,
      network: 'btc',
      txHash: 'tx10',
      outputIndex: 0,
      payAddress: 'addr10',
      paymentId: 10,
      merchantId: 'm1',
      amount: '1000',
      block: { height: 1, hash: 'b1' },
      reported: { confirmations: 1, blockHash: 'b1' },
    });
    chain.mine();

    await poll();

    expect(bus.deposits.map((d) => d.confirmations)).toEqual([2]);
    expect(await store.get('btc:tx10:0')).toMatchObject({ settled: true });
  });

  it("never reports a static address's deposit the address has not credited, even under a watched payment's id", async () => {
    await createPayment({ paymentId: 21, payAddress: 'addr21' });
    chain.mine('b', [transfer('tx21', 'static21')]);
    for (const outcome of ['pending', 'refused'] as const) {
      await store.save(
        staticDepositInBlock1({
          id: `btc:tx21:${outcome}`,
          txHash: 'tx21',
          payAddress: 'static21',
          paymentId: 21,
          staticAddress: { id: 'static-21', outcome },
        }),
      );
    }

    await poll();

    expect(bus.deposits).toEqual([]);
  });

  it('looks back for a new payment at the next poll when the poll that added it failed', async () => {
    await poll();
    // Paid in a block the watcher read before the payment's document reached it.
    chain.mine('b', [transfer('tx14', 'addr14')]);
    await poll();
    await createPayment({ paymentId: 14, payAddress: 'addr14' });
    chain.failingHashAts = 1;
    clock.advance(POLL_MS);
    await watcher.poll();
    expect(watcher.status().error).toBe('the node stopped answering');

    await poll();

    expect(bus.deposits.map((d) => [d.paymentId, d.txHash, d.confirmations])).toEqual([[14, 'tx14', 1]]);
  });

  it('calls the node broken when its next block keeps naming another parent than its tip, and recovers with it', async () => {
    await poll();
    // A node restored from another chain's snapshot: block 1 does not build on the block 0 it reports.
    chain.blocks.push({ height: 1, hash: 'b1', previousHash: 'not-b0', transfers: [] });
    for (let i = 1; i < UNLINKED_POLLS_BEFORE_ERROR; i++) await poll(); // a race with a new block, so far

    clock.advance(POLL_MS);
    await watcher.poll();

    expect(watcher.status().error).toMatch(
      /contradicts itself: block 1 \(b1\) names not-b0 .* block 0 is b0/,
    );
    expect(watcher.status().processed?.height).toBe(0);

    chain.blocks[1] = { height: 1, hash: 'b1', previousHash: 'b0', transfers: [] };
    await poll();
    expect(watcher.status().processed?.height).toBe(1);
  });

  it('watches a payment whose document came later than the look-back from the next full load on', async () => {
    await poll();
    const createdAt = new Date(START.getTime() - NEW_DOCUMENT_LOOKBACK_MS - 60_000).toISOString();
    await createPayment({ paymentId: 11, payAddress: 'addr11', createdAt });
    chain.mempool.push(transfer('tx11', 'addr11'));
    await poll();

    clock.set(START.getTime() + FULL_LOAD_INTERVAL_MS + POLL_MS);
    await watcher.poll();

    expect(bus.deposits.map((d) => d.paymentId)).toEqual([11]);
  });
});
