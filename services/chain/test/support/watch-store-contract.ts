import type { WatchCheckpoint, WatchStore, WatchedDeposit } from '../../src/watchers/watch-store';

export interface WatchStoreFixture {
  store: WatchStore;
  /** The same state opened again by a fresh adapter, as after a restart. */
  reopen(): Promise<WatchStore>;
  cleanup(): Promise<void>;
}

const checkpoint = (version: number, heights: number[]): WatchCheckpoint => ({
  id: 'BTC',
  version,
  network: 'BTC',
  blocks: heights.map((height) => ({ height, hash: `h${height}` })),
});

const deposit = (
  fields: Partial<WatchedDeposit> & Pick<WatchedDeposit, 'id' | 'paymentId'>,
): WatchedDeposit => ({
  version: 1,
  network: 'BTC',
  txHash: fields.id.split(':')[1] ?? 'tx',
  outputIndex: 0,
  payAddress: `addr-${fields.paymentId}`,
  merchantId: 'm1',
  amount: '1000',
  block: { height: 7, hash: 'h7' },
  reported: null,
  ...fields,
});

/** What every WatchStore adapter promises the chain watcher; each adapter's test runs it. */
export function watchStoreContract(name: string, make: () => Promise<WatchStoreFixture>): void {
  describe(`${name} (WatchStore contract)`, () => {
    let fixture: WatchStoreFixture;
    let store: WatchStore;

    beforeEach(async () => {
      fixture = await make();
      store = fixture.store;
      await store.open();
    });
    afterEach(() => fixture.cleanup());

    it('has no checkpoint before the first save, then the newest version saved', async () => {
      expect(await store.checkpoint('BTC')).toBeNull();
      await store.saveCheckpoint(checkpoint(2, [10, 11]));
      await store.saveCheckpoint(checkpoint(1, [10]));
      await store.saveCheckpoint(checkpoint(2, [12]));
      expect(await store.checkpoint('BTC')).toEqual(checkpoint(2, [10, 11]));
      // A reorganisation lowers the height; the version still moves forward.
      await store.saveCheckpoint(checkpoint(3, [10]));
      expect(await store.checkpoint('BTC')).toEqual(checkpoint(3, [10]));
      expect(await store.checkpoint('LTC')).toBeNull();
    });

    it('keeps the newest version of each deposit and finds them by network and payment', async () => {
      await store.save(deposit({ id: 'BTC:b:0', paymentId: 1 }));
      await store.save(deposit({ id: 'BTC:a:1', paymentId: 1, version: 2, block: null }));
      await store.save(deposit({ id: 'BTC:a:1', paymentId: 1, version: 1 }));
      await store.save(deposit({ id: 'BTC:c:0', paymentId: 2 }));
      await store.save(deposit({ id: 'LTC:d:0', paymentId: 1, network: 'LTC' }));

      expect(await store.get('BTC:a:1')).toMatchObject({ version: 2, block: null });
      expect(await store.get('BTC:none:0')).toBeNull();
      expect((await store.depositsOf('BTC', [1])).map((d) => d.id)).toEqual(['BTC:a:1', 'BTC:b:0']);
      expect((await store.depositsOf('BTC', [2, 1])).map((d) => d.id)).toEqual([
        'BTC:a:1',
        'BTC:b:0',
        'BTC:c:0',
      ]);
      expect((await store.depositsOf('LTC', [1])).map((d) => d.id)).toEqual(['LTC:d:0']);
      expect(await store.depositsOf('BTC', [])).toEqual([]);
      expect(await store.depositsOf('BTC', [3])).toEqual([]);
    });

    it('lists the open deposits of a network: those last saved unsettled', async () => {
      await store.save(deposit({ id: 'BTC:b:0', paymentId: 1, settled: false }));
      await store.save(deposit({ id: 'BTC:a:0', paymentId: 2, settled: false }));
      await store.save(deposit({ id: 'BTC:c:0', paymentId: 3, settled: true }));
      // Saved before `settled` was kept: a full load's report looks at it.
      await store.save(deposit({ id: 'BTC:d:0', paymentId: 4 }));
      await store.save(deposit({ id: 'LTC:e:0', paymentId: 5, network: 'LTC', settled: false }));
      expect((await store.openDeposits('BTC')).map((d) => d.id)).toEqual(['BTC:a:0', 'BTC:b:0']);

      await store.save(deposit({ id: 'BTC:b:0', paymentId: 1, version: 2, settled: true }));
      // A reorganisation took the settled one's block: open again.
      await store.save(deposit({ id: 'BTC:c:0', paymentId: 3, version: 2, block: null, settled: false }));
      // An older version changes nothing.
      await store.save(deposit({ id: 'BTC:a:0', paymentId: 2, version: 1, settled: true }));
      expect((await store.openDeposits('BTC')).map((d) => d.id)).toEqual(['BTC:a:0', 'BTC:c:0']);
      expect((await store.openDeposits('LTC')).map((d) => d.id)).toEqual(['LTC:e:0']);
      expect(await store.openDeposits('ETH')).toEqual([]);
    });

    it('gives back after a restart the checkpoint and the deposits it counted', async () => {
      const reported = deposit({
        id: 'BTC:a:0',
        paymentId: 1,
        reported: { confirmations: 1, blockHash: 'h7' },
      });
      await store.saveCheckpoint(checkpoint(4, [5, 6, 7]));
      await store.save(reported);
      await store.close();

      store = await fixture.reopen();
      await store.open();
      expect(await store.checkpoint('BTC')).toEqual(checkpoint(4, [5, 6, 7]));
      expect(await store.depositsOf('BTC', [1])).toEqual([reported]);
      expect(await store.get('BTC:a:0')).toEqual(reported);
    });
  });
}
