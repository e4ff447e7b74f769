import { InMemoryReadModelStore, type ReadModelDocument, type StoredEvent } from '@gw/store';
import { COLLECTIONS, ReadModelWriter, ReadModelStreamHistory } from '@gw/views';
import { paidLifecycle, paymentTerms, toNewEvent } from '../../../test/support/payment-events';
import { Projector } from '../src/projector';

function storedLifecycle(paymentId: number): StoredEvent[] {
  const terms = paymentTerms(paymentId);
  const streamId = `payment-${paymentId}`;
  return paidLifecycle(terms).map((event, i) => ({
    ...toNewEvent(event, terms.merchantId),
    streamId,
    version: i + 1,
  }));
}

describe('projector', () => {
  let readModels: InMemoryReadModelStore;
  let reads: number;

  beforeEach(() => {
    readModels = new InMemoryReadModelStore();
    reads = 0;
    const collection = readModels.collection.bind(readModels);
    const counted = new Set<string>();
    readModels.collection = <T extends ReadModelDocument>(name: string) => {
      const found = collection<T>(name);
      if (counted.has(name)) return found;
      counted.add(name);
      const get = found.get.bind(found);
      found.get = (id) => {
        reads++;
        return get(id);
      };
      return found;
    };
  });

  it("starts a document from its stream's first event without reading it first", async () => {
    const [created, ...rest] = storedLifecycle(5001);

    await new Projector(readModels).apply(created!);
    expect(reads).toBe(0);
    for (const event of rest) await new Projector(readModels).apply(event);

    expect(reads).toBe(rest.length);
    const document = await readModels.collection(COLLECTIONS.payments).get('5001');
    expect(document).toMatchObject({ version: rest.length + 1, status: 'finished' });
  });

  it('keeps the latest document when the first event is delivered again', async () => {
    const events = storedLifecycle(5002);
    const projector = new Projector(readModels);
    for (const event of events) await projector.apply(event);

    await projector.apply(events[0]!);

    expect(await readModels.collection(COLLECTIONS.payments).get('5002')).toMatchObject({
      version: events.length,
      status: 'finished',
    });
  });
});

describe('projector on payments.events', () => {
  const merchantCreated = (data: Record<string, unknown>): StoredEvent => ({
    eventId: 'e-m1',
    type: 'MerchantCreated',
    streamId: 'merchant-merchant-9',
    version: 1,
    occurredAt: '2026-11-25T10:00:00.000Z',
    merchantId: 'merchant-9',
    data,
    metadata: { correlationId: 'c', causationId: 'c' },
  });
  const profile = {
    merchantId: 'merchant-9',
    name: 'Shop',
    email: null,
    enabledCoins: null,
    outcomeCurrency: null,
    createdAt: '2026-11-25T10:00:00.000Z',
  };

  it('leaves merchant documents to the write side: the topic carries no credentials to check keys with', async () => {
    const readModels = new InMemoryReadModelStore();

    await new Projector(readModels).applyPublished(merchantCreated(profile));

    expect(await readModels.collection(COLLECTIONS.merchants).get('merchant-9')).toBeNull();
  });

  it('still projects every other stream from the topic', async () => {
    const readModels = new InMemoryReadModelStore();
    const [created] = storedLifecycle(5003);

    await new Projector(readModels).applyPublished(created!);

    expect(await readModels.collection(COLLECTIONS.payments).get('5003')).toMatchObject({ version: 1 });
  });

  it("leaves a published event's history to the outbox relay where payments wrote the document", async () => {
    const readModels = new InMemoryReadModelStore();
    const [created, detected] = storedLifecycle(5006);
    // Payments' write with its append; the history is what its relay records before publishing.
    await new ReadModelWriter(readModels).write([created!, detected!]);

    const projector = new Projector(readModels);
    await projector.applyPublished(created!);
    await projector.applyPublished(detected!);

    expect(await new ReadModelStreamHistory(readModels).events('payment-5006')).toEqual([]);
  });

  it('records the history of a published event whose document it writes itself', async () => {
    const readModels = new InMemoryReadModelStore();
    const [created, detected] = storedLifecycle(5008);

    const projector = new Projector(readModels);
    await projector.applyPublished(created!);
    await projector.applyPublished(detected!);

    expect(
      (await new ReadModelStreamHistory(readModels).events('payment-5008')).map((e) => e.version),
    ).toEqual([1, 2]);
    expect(await readModels.collection(COLLECTIONS.payments).get('5008')).toMatchObject({ version: 2 });
  });

  it('reads the document of a published first event payments already wrote, and writes nothing (MongoDB)', async () => {
    const readModels = new InMemoryReadModelStore();
    const [created] = storedLifecycle(5007);
    await new ReadModelWriter(readModels).write([created!]);
    const calls = paymentCallsOf(readModels);

    await new Projector(readModels).applyPublished(created!);

    expect(calls).toEqual(['get 5007']);
  });

  it('skips a published event its header says payments wrote the document as far as: nothing read or written', async () => {
    const readModels = new InMemoryReadModelStore();
    const [created, detected] = storedLifecycle(5009);
    await new ReadModelWriter(readModels).write([created!, detected!]);
    const calls = paymentCallsOf(readModels);
    const projector = new Projector(readModels);

    await projector.applyPublished(created!, 2);
    await projector.applyPublished(detected!, 2);
    expect(calls).toEqual([]);

    // A header older than the event (or none) leaves the check to a read, as before.
    await projector.applyPublished(detected!, 1);
    await projector.applyPublished(detected!);
    expect(calls).toEqual(['get 5009', 'get 5009']);
    expect(await new ReadModelStreamHistory(readModels).events('payment-5009')).toEqual([]);
  });

  it('leaves an event its contract refuses out of a rebuild, with the rest of its stream', async () => {
    const refusedStream = storedLifecycle(5004);
    const [created] = refusedStream;
    refusedStream[0] = { ...created!, data: { ...created!.data, payAmount: 'Infinity' } };
    const refused: string[] = [];
    const readModels = new InMemoryReadModelStore();

    async function* history() {
      yield* refusedStream;
      yield* storedLifecycle(5005);
    }
    const applied = await new Projector(readModels).rebuild(history(), undefined, (event, error) =>
      refused.push(`${event.streamId} v${event.version}: ${error.message}`),
    );

    expect(refused).toEqual([
      expect.stringMatching(/^payment-5004 v1: PaymentCreated: \/data\/payAmount must match pattern/),
    ]);
    expect(await readModels.collection(COLLECTIONS.payments).get('5004')).toBeNull();
    expect(await readModels.collection(COLLECTIONS.payments).get('5005')).toMatchObject({
      status: 'finished',
    });
    expect(applied).toBe(storedLifecycle(5005).length);
  });
});

/**
 * The reads and writes of the payments collection, as a MongoDB adapter would make them: without
 * `versionKnown`, which only the in-memory store answers without a query.
 */
function paymentCallsOf(readModels: InMemoryReadModelStore): string[] {
  const payments = readModels.collection<ReadModelDocument>(COLLECTIONS.payments);
  payments.versionKnown = undefined;
  const calls: string[] = [];
  const get = payments.get.bind(payments);
  const upsert = payments.upsertIfNewer.bind(payments);
  payments.get = (id) => {
    calls.push(`get ${id}`);
    return get(id);
  };
  payments.upsertIfNewer = (doc) => {
    calls.push(`upsert ${doc.id}`);
    return upsert(doc);
  };
  return calls;
}
