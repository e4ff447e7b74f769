import type { NewEvent, StoredEvent } from '@gw/store';
import type { StreamHistory } from '../stream-history';

/** One adapter under test: its history, and how an appended event reaches it (append, then record). */
export interface StreamHistoryHarness {
  history: StreamHistory;
  /** Appends `events` to `streamId` after its current head, records them, and returns them as stored. */
  append(streamId: string, events: NewEvent[]): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

/** Where a harness appends (an event store; this package reads no event store itself). */
export interface AppendLog {
  readStream(streamId: string): Promise<StoredEvent[]>;
  append(streamId: string, expectedVersion: number, events: NewEvent[]): Promise<{ events: StoredEvent[] }>;
  close(): Promise<void>;
}

/**
 * A harness whose events go into `log` (an event store) and are then recorded in `history`, as payments
 * appends and then records: the read-model adapter keeps what is recorded, the event-log adapter reads
 * the log. `close` runs after the log is closed.
 */
export function harnessOver(
  history: StreamHistory,
  log: AppendLog,
  close: () => Promise<void> = async () => undefined,
): StreamHistoryHarness {
  return {
    history,
    async append(streamId, events) {
      const head = (await log.readStream(streamId)).length;
      const { events: stored } = await log.append(streamId, head, events);
      await history.record(stored);
      return stored;
    },
    async close() {
      await log.close();
      await close();
    },
  };
}

let next = 0;
const streamOf = (aggregate: string) => `${aggregate}-${Date.now()}${next++}`;

function event(type: string, occurredAt: string, data: Record<string, unknown> = {}): NewEvent {
  next++;
  return {
    eventId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    type,
    occurredAt,
    merchantId: 'merchant-1',
    data,
    metadata: {
      correlationId: `correlation-${next}`,
      causationId: `causation-${next}`,
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    },
  };
}

/**
 * What every StreamHistory adapter does: the history read model (`stream_events`) and the embedded
 * event log. Run with `describe` from each adapter's test file.
 */
export function streamHistoryContract(name: string, open: () => Promise<StreamHistoryHarness>): void {
  describe(`StreamHistory contract: ${name}`, () => {
    let h: StreamHistoryHarness;
    beforeEach(async () => {
      h = await open();
    });
    afterEach(async () => {
      await h.close();
    });

    it("gives a payment's events in version order, as documents without the trace", async () => {
      const streamId = streamOf('payment');
      await h.append(streamId, [event('PaymentCreated', '2024-05-01T10:00:00.000Z', { payAmount: '1.5' })]);
      await h.append(streamId, [event('DepositDetected', '2024-05-01T10:01:00.000Z')]);

      const events = await h.history.events(streamId);

      expect(events.map((e) => [e.id, e.version, e.type])).toEqual([
        [`${streamId}@1`, 1, 'PaymentCreated'],
        [`${streamId}@2`, 2, 'DepositDetected'],
      ]);
      expect(events[0]).toMatchObject({
        streamId,
        merchantId: 'merchant-1',
        occurredAt: '2024-05-01T10:00:00.000Z',
        data: { payAmount: '1.5' },
      });
      expect(Object.keys(events[0]!.metadata).sort()).toEqual(['causationId', 'correlationId']);
    });

    it('stops at the version asked for, and knows no event of an unknown stream', async () => {
      const streamId = streamOf('invoice');
      await h.append(streamId, [
        event('InvoiceCreated', '2024-05-01T10:00:00.000Z'),
        event('InvoicePaymentStarted', '2024-05-01T10:00:00.000Z'),
      ]);

      expect((await h.history.events(streamId, 1)).map((e) => e.version)).toEqual([1]);
      expect(await h.history.events(streamOf('payment'))).toEqual([]);
    });

    it('keeps no event of a merchant stream: they carry credentials', async () => {
      const streamId = streamOf('merchant');
      await h.append(streamId, [event('MerchantCreated', '2024-05-01T10:00:00.000Z')]);

      expect(await h.history.events(streamId)).toEqual([]);
      expect(
        (await h.history.occurredSince('2024-01-01T00:00:00.000Z')).map((e) => e.streamId),
      ).not.toContain(streamId);
    });

    it('gives the events that occurred since an instant, by time, ties by id, and none before it', async () => {
      const early = streamOf('payment');
      const late = streamOf('payment');
      await h.append(early, [event('PaymentCreated', '2030-01-01T00:00:00.000Z')]);
      await h.append(late, [event('PaymentCreated', '2030-01-01T00:05:00.000Z')]);
      await h.append(early, [event('DepositDetected', '2030-01-01T00:05:00.000Z')]);
      await h.append(late, [event('DepositDetected', '2030-01-01T00:03:00.000Z')]);

      const since = (await h.history.occurredSince('2030-01-01T00:03:00.000Z')).filter((e) =>
        [early, late].includes(e.streamId),
      );

      expect(since.map((e) => e.id)).toEqual([`${late}@2`, ...[`${early}@2`, `${late}@1`].sort()]);
    });

    it('records the same event twice as once', async () => {
      const streamId = streamOf('payment');
      const stored = await h.append(streamId, [event('PaymentCreated', '2024-05-01T10:00:00.000Z')]);
      await h.history.record(stored);

      expect(await h.history.events(streamId)).toHaveLength(1);
    });
  });
}
