import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streamIdOf } from '@gw/domain';
import { paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import { InMemoryReadModelStore, JsonlEventStore } from '@gw/store';
import { ReadModelWriter, ReadModelStreamHistory } from '@gw/views';
import { backfillHistory } from '../src/history-backfill';

describe('filling the history read model after an upgrade', () => {
  let directory: string;
  let eventStore: JsonlEventStore;
  const terms = samplePaymentTerms({ paymentId: 42 });
  const streamId = streamIdOf('payment', 42);

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'history-backfill-'));
    eventStore = await JsonlEventStore.open({ directory });
    await eventStore.append(
      streamId,
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
  });

  afterEach(async () => {
    await eventStore.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('records every stored payment event when the history is empty, as the store holds them', async () => {
    const readModels = new InMemoryReadModelStore();
    expect(await backfillHistory(eventStore, readModels)).toBe(paidLifecycle(terms).length);
    const history = await new ReadModelStreamHistory(readModels).events(streamId);
    const stored = await eventStore.readStream(streamId);
    expect(history.map(({ id: _id, ...event }) => event)).toEqual(
      stored.map(({ metadata: { correlationId, causationId }, ...event }) => ({
        ...event,
        metadata: { correlationId, causationId },
      })),
    );
  });

  it('leaves a history that is kept already alone', async () => {
    const readModels = new InMemoryReadModelStore();
    const [first] = await eventStore.readStream(streamId);
    await new ReadModelWriter(readModels).record([first!]);
    expect(await backfillHistory(eventStore, readModels)).toBe(0);
    expect(await new ReadModelStreamHistory(readModels).events(streamId)).toHaveLength(1);
  });
});
