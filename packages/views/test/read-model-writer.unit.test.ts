import { InMemoryReadModelStore, type ReadModelDocument, type StoredEvent } from '@gw/store';
import { paidLifecycle, paymentTerms, toNewEvent } from '../../../test/support/payment-events';
import {
  COLLECTIONS,
  ReadModelGapError,
  ReadModelWriter,
  ReadModelStreamHistory,
  type PaymentDocument,
} from '../src';

/** Frozen all the way down: nothing the store keeps can be changed by whoever wrote it. */
function frozenThroughout(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(frozenThroughout);
}

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

    it('hands the store frozen documents, which it keeps without a copy', async () => {
      const stream = paidStream(7007);
      const handed: unknown[] = [];
      for (const name of [COLLECTIONS.payments, COLLECTIONS.streamEvents]) {
        const collection = readModels.collection<ReadModelDocument>(name);
        const upsert = collection.upsertIfNewer.bind(collection);
        collection.upsertIfNewer = (doc) => {
          handed.push(doc);
          return upsert(doc);
        };
      }

      await writer.write(stream.slice(0, 2));
      await writer.record(stream.slice(0, 2));
      for (const event of stream.slice(2)) {
        await writer.write([event]);
        await writer.record([event]);
      }

      expect(handed).toHaveLength(2 * stream.length - 1);
      expect(handed.every(frozenThroughout)).toBe(true);
      expect(await payment(7007)).toMatchObject({ version: stream.length, status: 'finished' });
    });

    it('writes each event’s history document once, however many of payments, the relay and the projector record it', async () => {
      const stream = paidStream(7008);
      const history = readModels.collection<ReadModelDocument>(COLLECTIONS.streamEvents);
      let upserts = 0;
      const upsert = history.upsertIfNewer.bind(history);
      history.upsertIfNewer = (doc) => {
        upserts++;
        return upsert(doc);
      };

      for (const event of stream) {
        await writer.record([event]);
        await writer.record([event]);
        await writer.record([event]);
      }

      expect(upserts).toBe(stream.length);
      const recorded = await new ReadModelStreamHistory(readModels).events('payment-7008');
      expect(recorded.map((event) => [event.version, event.type])).toEqual(
        stream.map((event) => [event.version, event.type]),
      );
    });

    it('refuses an event that would skip the ones before it, writing nothing', async () => {
      const [created, , confirming] = paidStream(7005);
      await writer.write([created!]);

      await expect(writer.write([confirming!])).rejects.toBeInstanceOf(ReadModelGapError);

      expect(await payment(7005)).toMatchObject({ version: 1, status: 'waiting', actuallyPaid: '0' });
    });
  });

  describe('recording the history', () => {
    const countWrites = () => {
      const history = readModels.collection<ReadModelDocument>(COLLECTIONS.streamEvents);
      const written: string[] = [];
      const upsert = history.upsertIfNewer.bind(history);
      let refuse = 0;
      history.upsertIfNewer = async (doc) => {
        written.push(doc.id);
        if (refuse > 0) {
          refuse--;
          throw new Error('the store is away');
        }
        return upsert(doc);
      };
      return { written, refuseNext: () => refuse++ };
    };

    it('writes each event once, however often and however concurrently it is recorded (reply, then relay)', async () => {
      const stream = paidStream(7101);
      const { written } = countWrites();

      await Promise.all([writer.record(stream.slice(0, 2)), writer.record(stream.slice(0, 3))]);
      await writer.record(stream);

      expect(written).toEqual(stream.map((event) => `${event.streamId}@${event.version}`));
      expect(await new ReadModelStreamHistory(readModels).events('payment-7101')).toHaveLength(stream.length);
    });

    it('writes again an event whose recording failed', async () => {
      const [created] = paidStream(7102);
      const { written, refuseNext } = countWrites();
      refuseNext();

      await expect(writer.record([created!])).rejects.toThrow('the store is away');
      await writer.record([created!]);

      expect(written).toEqual(['payment-7102@1', 'payment-7102@1']);
      expect(await new ReadModelStreamHistory(readModels).events('payment-7102')).toHaveLength(1);
    });
  });

  describe('with readStored, on a store that must ask for the stored version (MongoDB)', () => {
    it('reads a first event the stored document reflects, and writes nothing', async () => {
      const stream = paidStream(7201);
      await writer.write(stream.slice(0, 2));
      const payments = readModels.collection<ReadModelDocument>(COLLECTIONS.payments);
      payments.versionKnown = undefined;
      let upserts = 0;
      const upsert = payments.upsertIfNewer.bind(payments);
      payments.upsertIfNewer = (doc) => {
        upserts++;
        return upsert(doc);
      };

      await writer.write([stream[0]!], { readStored: true });

      expect({ reads, upserts }).toEqual({ reads: 1, upserts: 0 });
      expect(await payment(7201)).toMatchObject({ version: 2 });
    });

    it('starts the document from a first event nobody wrote', async () => {
      const [created] = paidStream(7202);
      readModels.collection<ReadModelDocument>(COLLECTIONS.payments).versionKnown = undefined;

      await writer.write([created!], { readStored: true });

      expect(reads).toBe(1);
      expect(await payment(7202)).toMatchObject({ version: 1, status: 'waiting' });
    });
  });
});
