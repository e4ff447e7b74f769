import { ConcurrencyError } from '../event-store';
import { paymentEvent, type EventStoreHarness } from './event-store-fixture';

/** Appends, versions and optimistic concurrency. */
export function describeAppendContract(h: EventStoreHarness): void {
  describe('appending', () => {
    it('appends a new stream at versions 1..n and reads it back whole', async () => {
      const streamId = h.streamId('payment');
      const created = paymentEvent('PaymentCreated', { payAmount: '0.0012', payCurrency: 'btc' });
      const detected = paymentEvent('DepositDetected', { actuallyPaid: '0.0012' });

      const commit = await h.store.append(streamId, 0, [created, detected]);

      expect(commit.streamId).toBe(streamId);
      expect(commit.published).toBe(false);
      expect(typeof commit.commitId).toBe('string');
      expect(commit.events).toEqual([
        { ...created, streamId, version: 1 },
        { ...detected, streamId, version: 2 },
      ]);
      expect(await h.store.readStream(streamId)).toEqual(commit.events);
    });

    it('continues versions without gaps across appends', async () => {
      const streamId = h.streamId('payment');
      await h.store.append(streamId, 0, [paymentEvent('PaymentCreated')]);
      await h.store.append(streamId, 1, [paymentEvent('DepositDetected'), paymentEvent('DepositConfirmed')]);
      await h.store.append(streamId, 3, [paymentEvent('PaymentFinished')]);

      const events = await h.store.readStream(streamId);

      expect(events.map((event) => [event.version, event.type])).toEqual([
        [1, 'PaymentCreated'],
        [2, 'DepositDetected'],
        [3, 'DepositConfirmed'],
        [4, 'PaymentFinished'],
      ]);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await h.store.readStream(h.streamId('nobody'))).toEqual([]);
    });

    it('rejects a stale expectedVersion with ConcurrencyError and leaves the stream unchanged', async () => {
      const streamId = h.streamId('payment');
      await h.store.append(streamId, 0, [paymentEvent('PaymentCreated'), paymentEvent('DepositDetected')]);

      const stale = h.store.append(streamId, 1, [paymentEvent('PaymentExpired')]);

      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(stale).rejects.toMatchObject({ streamId, expectedVersion: 1, actualVersion: 2 });
      expect((await h.store.readStream(streamId)).map((event) => event.type)).toEqual([
        'PaymentCreated',
        'DepositDetected',
      ]);
    });

    it('rejects an expectedVersion ahead of the stream, including on a new stream', async () => {
      const streamId = h.streamId('payment');

      await expect(h.store.append(streamId, 3, [paymentEvent('PaymentCreated')])).rejects.toMatchObject({
        name: 'ConcurrencyError',
        expectedVersion: 3,
        actualVersion: 0,
      });
      expect(await h.store.readStream(streamId)).toEqual([]);
    });

    it('rejects an append without events', async () => {
      await expect(h.store.append(h.streamId('payment'), 0, [])).rejects.toThrow();
    });

    it('rejects appending a stream anew (expectedVersion 0) once it exists', async () => {
      const streamId = h.streamId('payment');
      await h.store.append(streamId, 0, [paymentEvent('PaymentCreated')]);

      const again = h.store.append(streamId, 0, [paymentEvent('PaymentCreated')]);

      await expect(again).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(again).rejects.toMatchObject({ streamId, expectedVersion: 0, actualVersion: 1 });
      expect(await h.store.readStream(streamId)).toHaveLength(1);
    });

    it('lets exactly one of many concurrent appends at the same version win', async () => {
      const streamId = h.streamId('payment');
      await h.store.append(streamId, 0, [paymentEvent('PaymentCreated')]);

      const attempts = await Promise.allSettled(
        Array.from({ length: 10 }, (_, writer) =>
          h.store.append(streamId, 1, [paymentEvent('DepositDetected', { writer })]),
        ),
      );

      const winners = attempts.filter((attempt) => attempt.status === 'fulfilled');
      const losers = attempts.filter(
        (attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected',
      );
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(9);
      for (const loser of losers) expect(loser.reason).toBeInstanceOf(ConcurrencyError);
      const stream = await h.store.readStream(streamId);
      expect(stream).toHaveLength(2);
      const winner = (winners[0] as PromiseFulfilledResult<{ events: { data: unknown }[] }>).value;
      expect(stream[1]?.data).toEqual(winner.events[0]?.data);
    });

    it('keeps versions gapless when concurrent writers retry their conflicts', async () => {
      const streamId = h.streamId('payment');
      const writers = 8;
      const perWriter = 5;
      const appendWithRetry = async (writer: number, n: number) => {
        for (;;) {
          const version = (await h.store.readStream(streamId)).length;
          try {
            return await h.store.append(streamId, version, [paymentEvent('DepositDetected', { writer, n })]);
          } catch (error) {
            if (!(error instanceof ConcurrencyError)) throw error;
          }
        }
      };

      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          for (let n = 0; n < perWriter; n++) await appendWithRetry(writer, n);
        }),
      );

      const stream = await h.store.readStream(streamId);
      expect(stream.map((event) => event.version)).toEqual(
        Array.from({ length: writers * perWriter }, (_, i) => i + 1),
      );
      for (let writer = 0; writer < writers; writer++) {
        const own = stream.filter((event) => event.data.writer === writer).map((event) => event.data.n);
        expect(own).toEqual(Array.from({ length: perWriter }, (_, n) => n));
      }
    });

    it('appends to many streams concurrently', async () => {
      const streamIds = Array.from({ length: 50 }, () => h.streamId('invoice'));

      await Promise.all(
        streamIds.map((streamId) => h.store.append(streamId, 0, [paymentEvent('InvoiceCreated')])),
      );

      for (const streamId of streamIds) {
        expect((await h.store.readStream(streamId)).map((event) => event.version)).toEqual([1]);
      }
    });

    it('hands out copies or frozen values: mutating what was read or appended does not change the store', async () => {
      const streamId = h.streamId('payment');
      const event = paymentEvent('PaymentCreated', { payAmount: '1.5' });
      const commit = await h.store.append(streamId, 0, [event]);
      event.data.payAmount = 'changed by the caller';
      attemptToChange(() => (commit.events[0]!.data.payAmount = 'changed through the commit'));
      const read = await h.store.readStream(streamId);
      attemptToChange(() => (read[0]!.data.payAmount = 'changed through a read'));
      const unpublished = (await h.store.unpublishedCommits(1000)).find((c) => c.streamId === streamId);
      attemptToChange(() => (unpublished!.events[0]!.data.payAmount = 'changed through the outbox'));

      expect((await h.store.readStream(streamId))[0]?.data.payAmount).toBe('1.5');
    });
  });
}

/** A store may hand out frozen values, which refuse the change with a TypeError, or copies, which take it. */
function attemptToChange(change: () => void): void {
  try {
    change();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
}
