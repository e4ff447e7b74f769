import { InMemoryReadModelStore, type ReadModelDocument, type StoredEvent } from '@gw/store';
import { paidLifecycle, paymentTerms, toNewEvent } from '../../../test/support/payment-events';
import { COLLECTIONS, ReadModelGapError, ReadModelWriter, type PaymentDocument } from '../src';

/** A paid payment's stream: created, deposit detected, confirming, confirmations, confirmed, ... */
function paidStream(paymentId: number): StoredEvent[] {
  const terms = paymentTerms(paymentId);
  return paidLifecycle(terms).map((event, i) => ({
    ...toNewEvent(event, terms.merchantId),
    streamId: `payment-${paymentId}`,
    version: i + 1,
  }));
}

describe('ReadModelWriter', () => {
  let readModels: InMemoryReadModelStore;
  let writer: ReadModelWriter;
  let reads: number;
  const payment = (id: number) =>
    readModels.collection<PaymentDocument>(COLLECTIONS.payments).get(String(id));

  beforeEach(() => {
    readModels = new InMemoryReadModelStore();
    writer = new ReadModelWriter(readModels);
    reads = 0;
    const payments = readModels.collection<ReadModelDocument>(COLLECTIONS.payments);
    const get = payments.get.bind(payments);
    payments.get = (id) => {
      reads++;
      return get(id);
    };
  });

  describe('given a whole stream (the command side, right after its append)', () => {
    it('writes the document as of the last event without reading the stored one', async () => {
      const stream = paidStream(7001);

      await writer.write(stream);

      expect(reads).toBe(0);
      expect(await payment(7001)).toMatchObject({ version: stream.length, status: 'finished' });
    });

    it('keeps the effects of events the projector has not applied yet (the gap hazard)', async () => {
      const [created, detected, confirming] = paidStream(7002);
      await writer.write([created!]);

      // The projector is still at version 1; the command side appended version 3 after version 2.
      await writer.write([created!, detected!, confirming!]);

      expect(await payment(7002)).toMatchObject({
        version: 3,
        status: 'confirming',
        actuallyPaid: '0.0015',
        payinHash: 'tx-7002',
      });
    });

    it('leaves a newer document alone', async () => {
      const stream = paidStream(7003);
      await writer.write(stream);

      await writer.write(stream.slice(0, 2));

      expect(await payment(7003)).toMatchObject({ version: stream.length, status: 'finished' });
    });
  });

  describe('given one event after another (the projector)', () => {
    it('skips the events the command side already wrote', async () => {
      const stream = paidStream(7004);
      await writer.write(stream.slice(0, 3));

      for (const event of stream) await writer.write([event]);

      expect(await payment(7004)).toMatchObject({ version: stream.length, status: 'finished' });
    });

    it('neither reads nor folds an event the stored document already reflects', async () => {
      const stream = paidStream(7006);
      await writer.write(stream);
      const payments = readModels.collection<ReadModelDocument>(COLLECTIONS.payments);
      let upserts = 0;
      const upsert = payments.upsertIfNewer.bind(payments);
      payments.upsertIfNewer = (doc) => {
        upserts++;
        return upsert(doc);
      };

      for (const event of stream) await writer.write([event]);

      expect({ reads, upserts }).toEqual({ reads: 0, upserts: 0 });
      expect(await payment(7006)).toMatchObject({ version: stream.length, status: 'finished' });
    });

    it('refuses an event that would skip the ones before it, writing nothing', async () => {
      const [created, , confirming] = paidStream(7005);
      await writer.write([created!]);

      await expect(writer.write([confirming!])).rejects.toBeInstanceOf(ReadModelGapError);

      expect(await payment(7005)).toMatchObject({ version: 1, status: 'waiting', actuallyPaid: '0' });
    });
  });
});
