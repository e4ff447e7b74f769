import { ConcurrencyError, type Commit, type EventStore, type StoredEvent } from '../event-store';
import { paymentEvent, type EventStoreHarness } from './event-store-fixture';

async function collect(events: AsyncIterable<StoredEvent>, streamIds: string[]): Promise<StoredEvent[]> {
  const ours: StoredEvent[] = [];
  for await (const event of events) if (streamIds.includes(event.streamId)) ours.push(event);
  return ours;
}

const ids = (commits: Commit[]) => commits.map((commit) => commit.commitId);

/** readAll, the transactional outbox, and durability across a restart. */
export function describeOutboxAndDurabilityContract(h: EventStoreHarness): void {
  describe('reading everything', () => {
    it('reads every event of every stream in commit order', async () => {
      const payment = h.streamId('payment');
      const invoice = h.streamId('invoice');
      await h.store.append(payment, 0, [paymentEvent('PaymentCreated')]);
      await h.store.append(invoice, 0, [paymentEvent('InvoiceCreated'), paymentEvent('InvoicePaid')]);
      await h.store.append(payment, 1, [paymentEvent('PaymentFinished')]);

      const all = await collect(h.store.readAll(), [payment, invoice]);

      expect(all.map((event) => [event.streamId, event.version, event.type])).toEqual([
        [payment, 1, 'PaymentCreated'],
        [invoice, 1, 'InvoiceCreated'],
        [invoice, 2, 'InvoicePaid'],
        [payment, 2, 'PaymentFinished'],
      ]);
    });

    it('counts the events readAll yields', async () => {
      const before = await h.store.countEvents();
      await h.store.append(h.streamId('payment'), 0, [paymentEvent('PaymentCreated')]);
      await h.store.append(h.streamId('invoice'), 0, [
        paymentEvent('InvoiceCreated'),
        paymentEvent('InvoicePaid'),
      ]);

      expect(await h.store.countEvents()).toBe(before + 3);
      let yielded = 0;
      for await (const _event of h.store.readAll()) yielded++;
      expect(yielded).toBe(await h.store.countEvents());
    });
  });

  describe('outbox', () => {
    async function threeCommits(store: EventStore) {
      const payment = h.streamId('payment');
      const invoice = h.streamId('invoice');
      const first = await store.append(payment, 0, [paymentEvent('PaymentCreated')]);
      const second = await store.append(invoice, 0, [paymentEvent('InvoiceCreated')]);
      const third = await store.append(payment, 1, [
        paymentEvent('DepositDetected'),
        paymentEvent('PaymentFinished'),
      ]);
      return { payment, invoice, commits: [first, second, third] };
    }

    it('lists new commits as unpublished, oldest first, with their events', async () => {
      const { commits } = await threeCommits(h.store);

      const unpublished = await h.store.unpublishedCommits(100);

      expect(unpublished).toEqual(commits);
      expect(unpublished.every((commit) => !commit.published)).toBe(true);
    });

    it('honours the limit, keeping the oldest', async () => {
      const { commits } = await threeCommits(h.store);

      expect(ids(await h.store.unpublishedCommits(2))).toEqual(ids(commits.slice(0, 2)));
      expect(ids(await h.store.unpublishedCommits(1))).toEqual(ids(commits.slice(0, 1)));
    });

    it('drops commits from the outbox once marked published, keeping the rest in order', async () => {
      const { commits } = await threeCommits(h.store);

      await h.store.markPublished([commits[0]!.commitId]);

      expect(ids(await h.store.unpublishedCommits(100))).toEqual(ids(commits.slice(1)));
      await h.store.markPublished(ids(commits.slice(1)));
      expect(await h.store.unpublishedCommits(100)).toEqual([]);
    });

    it('treats marking unknown or already published commits as a no-op', async () => {
      const { commits } = await threeCommits(h.store);
      await h.store.markPublished([commits[1]!.commitId]);

      await h.store.markPublished([commits[1]!.commitId, 'no-such-commit']);
      await h.store.markPublished([]);

      expect(ids(await h.store.unpublishedCommits(100))).toEqual([
        commits[0]!.commitId,
        commits[2]!.commitId,
      ]);
    });

    it('keeps the events of published commits readable', async () => {
      const { payment, commits } = await threeCommits(h.store);

      await h.store.markPublished(ids(commits));

      expect((await h.store.readStream(payment)).map((event) => event.version)).toEqual([1, 2, 3]);
    });
  });

  describe('durability', () => {
    it('keeps every stream, version and unpublished commit across a restart', async () => {
      const payment = h.streamId('payment');
      const invoice = h.streamId('invoice');
      const first = await h.store.append(payment, 0, [paymentEvent('PaymentCreated', { payAmount: '0.5' })]);
      await h.store.append(invoice, 0, [paymentEvent('InvoiceCreated')]);
      const third = await h.store.append(payment, 1, [paymentEvent('DepositDetected')]);
      await h.store.markPublished([first.commitId]);
      const streamsBefore = [await h.store.readStream(payment), await h.store.readStream(invoice)];
      const outboxBefore = await h.store.unpublishedCommits(100);
      const allBefore = await collect(h.store.readAll(), [payment, invoice]);

      const reopened = await h.reopen();

      expect([await reopened.readStream(payment), await reopened.readStream(invoice)]).toEqual(streamsBefore);
      expect(await reopened.unpublishedCommits(100)).toEqual(outboxBefore);
      expect(ids(outboxBefore)).not.toContain(first.commitId);
      expect(ids(outboxBefore)).toContain(third.commitId);
      expect(await collect(reopened.readAll(), [payment, invoice])).toEqual(allBefore);
    });

    it('continues versions and concurrency checks after a restart', async () => {
      const payment = h.streamId('payment');
      await h.store.append(payment, 0, [paymentEvent('PaymentCreated'), paymentEvent('DepositDetected')]);

      const reopened = await h.reopen();

      await expect(reopened.append(payment, 1, [paymentEvent('PaymentExpired')])).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      const commit = await reopened.append(payment, 2, [paymentEvent('PaymentFinished')]);
      expect(commit.events.map((event) => event.version)).toEqual([3]);
    });

    it('keeps every acknowledged concurrent append across a restart', async () => {
      const streamIds = Array.from({ length: 40 }, () => h.streamId('payment'));
      await Promise.all(
        streamIds.map((streamId) => h.store.append(streamId, 0, [paymentEvent('PaymentCreated')])),
      );

      const reopened = await h.reopen();

      for (const streamId of streamIds) expect(await reopened.readStream(streamId)).toHaveLength(1);
      expect(await reopened.unpublishedCommits(1000)).toHaveLength(streamIds.length);
    });
  });
}
