import { ANY_EVENT } from '../event-schema';
import { EventSchemaViolationError, type Commit, type EventStore } from '../event-store';
import { paymentEvent, type EventStoreHarness } from './event-store-fixture';

const AT = '2024-05-01T10:00:00.000Z';
const expired = () => paymentEvent('PaymentExpired', { at: AT });
const confirmed = (actuallyPaid: string) => paymentEvent('PaymentConfirmed', { actuallyPaid, at: AT });
const ids = (commits: Commit[]) => commits.map((commit) => commit.commitId);

/** Nothing the `payments.events` schema refuses is made durable. */
export function describeSchemaContract(h: EventStoreHarness): void {
  describe('appending an event the schema refuses', () => {
    it('fails with EventSchemaViolationError naming the event type and the violation', async () => {
      const streamId = h.streamId('payment');

      const append = h.store.append(streamId, 0, [confirmed('Infinity')]);

      await expect(append).rejects.toBeInstanceOf(EventSchemaViolationError);
      await expect(append).rejects.toMatchObject({
        code: 'EVENT_SCHEMA_VIOLATION',
        streamId,
        eventType: 'PaymentConfirmed',
        version: 1,
        violations: [expect.stringMatching(/^\/data\/actuallyPaid must match pattern/)],
      });
    });

    it('writes nothing of the commit, not even its valid events, and keeps the stream where it was', async () => {
      const streamId = h.streamId('payment');
      await h.store.append(streamId, 0, [expired()]);
      const before = await h.store.unpublishedCommits(100);

      await expect(
        h.store.append(streamId, 1, [confirmed('0.5'), confirmed('Infinity')]),
      ).rejects.toBeInstanceOf(EventSchemaViolationError);

      expect((await h.store.readStream(streamId)).map((event) => event.version)).toEqual([1]);
      expect(await h.store.unpublishedCommits(100)).toEqual(before);
      const reopened = await h.reopen();
      expect((await reopened.readStream(streamId)).map((event) => event.version)).toEqual([1]);
      expect(await reopened.unpublishedCommits(100)).toEqual(before);
      const next = await reopened.append(streamId, 1, [confirmed('0.5')]);
      expect(next.events.map((event) => event.version)).toEqual([2]);
    });

    it('refuses an unknown event type', async () => {
      await expect(
        h.store.append(h.streamId('payment'), 0, [paymentEvent('PaymentVanished', { at: AT })]),
      ).rejects.toMatchObject({
        eventType: 'PaymentVanished',
        violations: [expect.stringContaining('/type')],
      });
    });
  });
}

/**
 * A commit the relay cannot publish (written before the schema check, or refused after a schema
 * change) is set aside; its stream waits behind it, every other stream flows on.
 */
export function describeQuarantineContract(h: EventStoreHarness): void {
  /** An old store's commit: written by a store that did not check, then opened by one that does. */
  async function planted(): Promise<{ bad: Commit; later: Commit; other: Commit; store: EventStore }> {
    const stream = h.streamId('plan');
    const unchecked = await h.reopen(ANY_EVENT);
    const bad = await unchecked.append(stream, 0, [confirmed('Infinity')]);
    const store = await h.reopen();
    const later = await store.append(stream, 1, [expired()]);
    const other = await store.append(h.streamId('payment'), 0, [confirmed('1.5')]);
    return { bad, later, other, store };
  }

  describe('quarantine', () => {
    it('leaves a quarantined commit and the later commits of its stream out of the outbox, and no other', async () => {
      const { bad, other, store } = await planted();
      expect(ids(await store.unpublishedCommits(100))).toContain(bad.commitId);

      await store.quarantine(bad, 'PaymentConfirmed: /data/actuallyPaid must match pattern', AT);

      expect(ids(await store.unpublishedCommits(100))).toEqual([other.commitId]);
      expect(ids(await store.unpublishedCommits(1))).toEqual([other.commitId]);
    });

    it('lists a quarantined commit with its stream, versions, event types and reason, across a restart', async () => {
      const { bad, store } = await planted();
      await store.quarantine(bad, 'first reason', AT);
      await store.quarantine(bad, 'second reason', '2024-05-01T10:05:00.000Z');
      const expected = {
        commitId: bad.commitId,
        streamId: bad.streamId,
        firstVersion: 1,
        lastVersion: 1,
        eventTypes: ['PaymentConfirmed'],
        reason: 'second reason',
        quarantinedAt: '2024-05-01T10:05:00.000Z',
      };

      expect(await store.quarantinedCommits()).toEqual([expected]);
      const reopened = await h.reopen();
      expect(await reopened.quarantinedCommits()).toEqual([expected]);
      expect(ids(await reopened.unpublishedCommits(100))).not.toContain(bad.commitId);
    });

    it('puts a released commit back in the outbox ahead of its stream’s later commits', async () => {
      const { bad, later, other, store } = await planted();
      await store.quarantine(bad, 'reason', AT);

      const released = await store.releaseQuarantine([bad.commitId]);

      expect(ids(released as unknown as Commit[])).toEqual([bad.commitId]);
      expect(await store.quarantinedCommits()).toEqual([]);
      const outbox = ids(await store.unpublishedCommits(100));
      expect(outbox).toEqual(expect.arrayContaining([bad.commitId, later.commitId, other.commitId]));
      expect(outbox.indexOf(bad.commitId)).toBeLessThan(outbox.indexOf(later.commitId));
      const reopened = await h.reopen();
      expect(await reopened.quarantinedCommits()).toEqual([]);
      expect(ids(await reopened.unpublishedCommits(100))).toEqual(outbox);
    });

    it('releases every quarantined commit without ids, and ignores unknown ids', async () => {
      const { bad, store } = await planted();
      await store.quarantine(bad, 'reason', AT);

      expect(await store.releaseQuarantine(['no-such-commit'])).toEqual([]);
      expect(await store.quarantinedCommits()).toHaveLength(1);
      expect((await store.releaseQuarantine()).map((entry) => entry.commitId)).toEqual([bad.commitId]);
      expect(await store.quarantinedCommits()).toEqual([]);
    });
  });
}
