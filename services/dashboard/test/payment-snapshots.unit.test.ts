import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streamIdOf } from '@gw/domain';
import { paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import { InMemoryReadModelStore, JsonlEventStore, type StoredEvent } from '@gw/store';
import { ReadModelWriter, ReadModelStreamHistory } from '@gw/views';
import type { LivePaymentEvent } from '../src/live/live-event';
import { PaymentSnapshots } from '../src/live/payment-snapshots';

let directory: string;
let eventStore: JsonlEventStore;
let stored: LivePaymentEvent[];
/** The history read model, where the outbox relay records the events before it publishes them. */
let history: ReadModelStreamHistory;
const terms = samplePaymentTerms({ paymentId: 7 });

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'payment-snapshots-'));
  eventStore = await JsonlEventStore.open({ directory });
  const commit = await eventStore.append(
    streamIdOf('payment', 7),
    0,
    paidLifecycle(terms).map((event, i) => ({
      eventId: `e${i}`,
      type: event.type,
      occurredAt: '2026-01-01T10:00:00.000Z',
      merchantId: terms.merchantId,
      data: event.data as unknown as Record<string, unknown>,
      metadata: { correlationId: 'c', causationId: 'c' },
    })),
  );
  stored = commit.events.map((event: StoredEvent) => ({ ...event, paymentId: 7 }));
  const readModels = new InMemoryReadModelStore();
  await new ReadModelWriter(readModels).record(commit.events);
  history = new ReadModelStreamHistory(readModels);
});

afterEach(async () => {
  await eventStore.close();
  await rm(directory, { recursive: true, force: true });
});

describe('a payment as of an event', () => {
  it('follows the events it sees in order', async () => {
    const snapshots = new PaymentSnapshots(history);
    for (const event of stored.slice(0, 3)) snapshots.observe(event);
    expect(await snapshots.at(stored[2]!)).toMatchObject({ version: 3, status: 'confirming' });
  });

  it('folds a payment it did not follow from its stream, and never goes back to an older state', async () => {
    const snapshots = new PaymentSnapshots(history);
    expect(await snapshots.at(stored[4]!)).toMatchObject({ version: 7, status: 'finished' });
    snapshots.observe(stored[5]!);
    expect(await snapshots.at(stored[5]!)).toMatchObject({ version: 7, status: 'finished' });
  });

  it('forgets the payments it followed longest ago past its capacity', async () => {
    const snapshots = new PaymentSnapshots(history, 1);
    snapshots.observe(stored[0]!);
    const first = stored[0]!;
    snapshots.observe({
      ...first,
      paymentId: 8,
      streamId: streamIdOf('payment', 8),
      data: { ...first.data, paymentId: 8 },
    });
    // Payment 7 was pushed out: its state comes from the event store, at its newest version.
    expect(await snapshots.at(first)).toMatchObject({ paymentId: 7, version: 7 });
  });
});
