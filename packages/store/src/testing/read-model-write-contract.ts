import { frozenDocument } from '../frozen-document';
import { DuplicateKeyError } from '../read-models';
import { idsOf, PAYMENTS, type PaymentView, type ReadModelHarness } from './read-model-fixture';

const payment = (id: string, version: number, fields: Partial<PaymentView> = {}): PaymentView => ({
  id,
  version,
  merchantId: 'm1',
  status: 'waiting',
  createdAt: '2024-01-01T00:00:00Z',
  ...fields,
});

/** Idempotent versioned upserts, copies, deletion and indexes. */
export function describeWriteContract(h: ReadModelHarness): void {
  describe('writes', () => {
    it('inserts a new document and reads it back', async () => {
      const payments = h.collection<PaymentView>('insert');

      expect(await payments.upsertIfNewer(PAYMENTS[0]!)).toBe(true);

      expect(await payments.get('p1')).toEqual(PAYMENTS[0]);
    });

    it('reads an unknown id as null', async () => {
      expect(await h.collection<PaymentView>('unknown').get('nobody')).toBeNull();
    });

    it('replaces a document with a newer version', async () => {
      const payments = h.collection<PaymentView>('newer');
      await payments.upsertIfNewer(payment('p1', 1, { orderId: 'o-1' }));

      expect(await payments.upsertIfNewer(payment('p1', 3, { status: 'finished' }))).toBe(true);

      expect(await payments.get('p1')).toEqual(payment('p1', 3, { status: 'finished' }));
    });

    it('ignores the same or an older version, so replays and redeliveries are harmless', async () => {
      const payments = h.collection<PaymentView>('idempotent');
      await payments.upsertIfNewer(payment('p1', 2, { status: 'confirming' }));

      expect(await payments.upsertIfNewer(payment('p1', 2, { status: 'redelivered' }))).toBe(false);
      expect(await payments.upsertIfNewer(payment('p1', 1, { status: 'stale' }))).toBe(false);

      expect((await payments.get('p1'))?.status).toBe('confirming');
    });

    it('hands out copies: mutating what was written or read does not change the store', async () => {
      const payments = h.collection<PaymentView>('copies');
      const written = payment('p1', 1, { customer: { country: 'DE' } });
      await payments.upsertIfNewer(written);
      written.customer!.country = 'changed by the writer';
      (await payments.get('p1'))!.customer!.country = 'changed through get';
      (await payments.find({ filter: {} }))[0]!.status = 'changed through find';
      (await payments.findOne({ id: 'p1' }))!.status = 'changed through findOne';

      expect(await payments.get('p1')).toEqual(payment('p1', 1, { customer: { country: 'DE' } }));
    });

    it('takes a document frozen all the way down, and hands out copies of it that can be changed', async () => {
      const payments = h.collection<PaymentView>('frozen');
      await payments.upsertIfNewer(frozenDocument(payment('p1', 1, { customer: { country: 'DE' } })));
      await payments.upsertIfNewer(frozenDocument(payment('p1', 2, { customer: { country: 'FR' } })));

      const read = (await payments.get('p1'))!;
      read.customer!.country = 'changed through get';
      (await payments.find({ filter: {} }))[0]!.status = 'changed through find';

      expect(await payments.get('p1')).toEqual(payment('p1', 2, { customer: { country: 'FR' } }));
    });

    it('deletes every document, after which version 1 writes again', async () => {
      const payments = await h.seededPayments();

      await payments.deleteAll();

      expect(await payments.count({})).toBe(0);
      expect(await payments.find({ filter: {} })).toEqual([]);
      expect(await payments.upsertIfNewer(PAYMENTS[0]!)).toBe(true);
    });

    it('keeps collections apart, and one name always means the same collection', async () => {
      const name = `contract_named_${Math.random().toString(36).slice(2, 10)}`;
      await h.store.collection<PaymentView>(name).upsertIfNewer(payment('p1', 1));
      const other = h.collection<PaymentView>('other');

      expect(await h.store.collection<PaymentView>(name).get('p1')).toEqual(payment('p1', 1));
      expect(await other.get('p1')).toBeNull();
    });
  });

  describe('indexes', () => {
    const byMerchantOrder = {
      fields: [
        ['merchantId', 1],
        ['orderId', 1],
      ] as [string, 1][],
      unique: true,
    };

    it('accepts the same index declarations twice', async () => {
      const payments = await h.seededPayments();
      const indexes = [
        {
          fields: [
            ['merchantId', 1],
            ['createdAt', -1],
          ] as [string, 1 | -1][],
        },
      ];

      await payments.ensureIndexes(indexes);
      await payments.ensureIndexes(indexes);

      expect(idsOf(await payments.find({ filter: { merchantId: 'm2' } }))).toEqual(['p3', 'p5']);
    });

    it('keeps indexed queries right when documents move between keys', async () => {
      const payments = await h.seededPayments();
      await payments.ensureIndexes([{ fields: [['merchantId', 1]] }, { fields: [['status', 1]] }]);

      await payments.upsertIfNewer({ ...PAYMENTS[0]!, version: 2, merchantId: 'm2', status: 'finished' });

      expect(idsOf(await payments.find({ filter: { merchantId: 'm1' } }))).toEqual(['p2', 'p4', 'p6']);
      expect(idsOf(await payments.find({ filter: { merchantId: 'm2' } }))).toEqual(['p1', 'p3', 'p5']);
      expect(
        idsOf(await payments.find({ filter: { merchantId: { $in: ['m2', 'm3'] }, status: 'finished' } })),
      ).toEqual(['p1']);
      expect(await payments.count({ status: 'waiting' })).toBe(3);
    });

    it('rejects a second document with the same unique key, keeping the first', async () => {
      const payments = h.collection<PaymentView>('unique');
      await payments.ensureIndexes([byMerchantOrder]);
      await payments.upsertIfNewer(payment('p1', 1, { orderId: 'order-7' }));

      const duplicate = payments.upsertIfNewer(payment('p2', 1, { orderId: 'order-7' }));

      await expect(duplicate).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(duplicate).rejects.toMatchObject({ name: 'DuplicateKeyError' });
      expect(await payments.get('p2')).toBeNull();
      expect((await payments.get('p1'))?.orderId).toBe('order-7');
    });

    it('lets a document keep its own unique key and frees a key it leaves', async () => {
      const payments = h.collection<PaymentView>('unique-update');
      await payments.ensureIndexes([byMerchantOrder]);
      await payments.upsertIfNewer(payment('p1', 1, { orderId: 'order-7' }));

      expect(await payments.upsertIfNewer(payment('p1', 2, { orderId: 'order-7', status: 'finished' }))).toBe(
        true,
      );
      expect(await payments.upsertIfNewer(payment('p1', 3, { orderId: 'order-8' }))).toBe(true);
      expect(await payments.upsertIfNewer(payment('p2', 1, { orderId: 'order-7' }))).toBe(true);
    });

    it('scopes a compound unique key to all its fields', async () => {
      const payments = h.collection<PaymentView>('unique-compound');
      await payments.ensureIndexes([byMerchantOrder]);

      await payments.upsertIfNewer(payment('p1', 1, { orderId: 'order-7' }));
      await payments.upsertIfNewer(payment('p2', 1, { orderId: 'order-7', merchantId: 'm2' }));

      expect(await payments.count({ orderId: 'order-7' })).toBe(2);
    });

    it('treats a missing field as null in a unique index, like MongoDB', async () => {
      const payments = h.collection<PaymentView>('unique-missing');
      await payments.ensureIndexes([byMerchantOrder]);
      await payments.upsertIfNewer(payment('p1', 1));

      await expect(payments.upsertIfNewer(payment('p2', 1, { orderId: null }))).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });

    it('refuses a unique index that existing documents already violate', async () => {
      const payments = h.collection<PaymentView>('unique-late');
      await payments.upsertIfNewer(payment('p1', 1, { orderId: 'order-7' }));
      await payments.upsertIfNewer(payment('p2', 1, { orderId: 'order-7' }));

      await expect(payments.ensureIndexes([byMerchantOrder])).rejects.toBeInstanceOf(DuplicateKeyError);
    });
  });
}
