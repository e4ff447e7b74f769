import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InProcessBus, SchemaValidatingJsonCodec, type IncomingMessage } from '@gw/bus';
import { InMemoryCache } from '@gw/cache';
import { EVENT_HEADERS, TOPICS, TOPIC_SCHEMAS, type CommandMessage, type EventMessage } from '@gw/contracts';
import { streamIdOf, type AnyCommand } from '@gw/domain';
import { paidLifecycle, SAMPLE_CREATED_AT, samplePaymentTerms } from '@gw/domain/testing';
import { createLogger, ManualClock } from '@gw/platform';
import { InMemoryReadModelStore, JsonlEventStore } from '@gw/store';
import { ReadModelStreamHistory } from '@gw/views';
import { OutboxRelay } from '../src/outbox-relay';
import { appendPaidLifecycle } from './support/paid-lifecycle-commits';
import { createPaymentsService } from '../src/payments-service';

/** The `x-read-model-version` header: set where this process wrote the stream's read-model document. */
describe('OutboxRelay and the read-model version header', () => {
  let directory: string;
  let store: JsonlEventStore;
  let bus: InProcessBus;
  let heard: IncomingMessage[];
  let heardAll: (count: number) => Promise<void>;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'outbox-relay-headers-'));
    store = await JsonlEventStore.open({ directory });
    bus = new InProcessBus({ codec: new SchemaValidatingJsonCodec(TOPIC_SCHEMAS) });
    heard = [];
    const waiting: Array<{ count: number; done: () => void }> = [];
    await bus.subscribe(
      { topics: [TOPICS.events], groupId: 'test', fromBeginning: true },
      async (message) => {
        heard.push(message);
        for (const wait of waiting.filter((w) => heard.length >= w.count)) wait.done();
      },
    );
    heardAll = (count) =>
      heard.length >= count ? Promise.resolve() : new Promise((done) => waiting.push({ count, done }));
  });

  afterEach(async () => {
    await bus.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const versionHeaders = () =>
    heard.map((message) => [
      (message.value as EventMessage).version,
      message.headers[EVENT_HEADERS.readModelVersion],
    ]);

  it('marks the events up to the version written, and no others', async () => {
    const terms = samplePaymentTerms({ paymentId: 61 });
    const streamId = streamIdOf('payment', 61);
    await appendPaidLifecycle(store, terms.paymentId, 3);
    const relay = new OutboxRelay(store, bus, new InMemoryCache(), createLogger({ level: 'silent' }), {
      instanceId: 'relay-1',
      clock: new ManualClock('2026-01-01T10:00:00.000Z'),
    });
    relay.readModelWritten('payment-other', 9);
    relay.readModelWritten(streamId, 2);
    relay.readModelWritten(streamId, 1);

    expect(await relay.pass()).toBe(3);
    await heardAll(3);

    expect(versionHeaders()).toEqual([
      [1, '2'],
      [2, '2'],
      [3, undefined],
    ]);
    // Every event also names its type, for the groups that skip what they do not handle.
    expect(heard.map((message) => message.headers[EVENT_HEADERS.eventType])).toEqual(
      paidLifecycle(terms)
        .slice(0, 3)
        .map((event) => event.type),
    );
  });

  /** Appends the first event of payment `paymentId` to its stream, as payments' append would. */
  async function appendCreated(paymentId: number): Promise<string> {
    const terms = samplePaymentTerms({ paymentId });
    const streamId = streamIdOf('payment', paymentId);
    const [created] = paidLifecycle(terms);
    await store.append(streamId, 0, [
      {
        eventId: `e-${paymentId}`,
        type: created!.type,
        occurredAt: '2026-01-01T10:00:00.000Z',
        merchantId: terms.merchantId,
        data: created!.data as unknown as Record<string, unknown>,
        metadata: { correlationId: 'c', causationId: `cmd-${paymentId}` },
      },
    ]);
    return streamId;
  }

  it('holds a batch back while the write of its stream is under way, and publishes it with the header', async () => {
    const relay = new OutboxRelay(store, bus, new InMemoryCache(), createLogger({ level: 'silent' }), {
      instanceId: 'relay-1',
      clock: new ManualClock('2026-01-01T10:00:00.000Z'),
    });
    const unpublished = store.unpublishedCommits.bind(store);
    let read!: () => void;
    const outboxRead = new Promise<void>((resolve) => (read = resolve));
    store.unpublishedCommits = async (limit) => {
      const commits = await unpublished(limit);
      if (commits.length > 0) read();
      return commits;
    };
    // Payments begins its append and write; the commit lands, the relay reads it before the write ends.
    const ended = relay.readModelWriting(streamIdOf('payment', 63), 1);
    await appendCreated(63);
    const passing = relay.pass();
    await outboxRead;
    // Whatever the pass could do without waiting on I/O, it has done.
    await new Promise((resolve) => setImmediate(resolve));

    ended(true);
    expect(await passing).toBe(1);
    await heardAll(1);

    expect(versionHeaders()).toEqual([[1, '1']]);
  });

  it('publishes without the header once a write under way ends without writing', async () => {
    const relay = new OutboxRelay(store, bus, new InMemoryCache(), createLogger({ level: 'silent' }), {
      instanceId: 'relay-1',
      clock: new ManualClock('2026-01-01T10:00:00.000Z'),
    });
    const ended = relay.readModelWriting(streamIdOf('payment', 64), 1);
    await appendCreated(64);
    const passing = relay.pass();
    ended(false);

    expect(await passing).toBe(1);
    await heardAll(1);
    expect(versionHeaders()).toEqual([[1, undefined]]);
  });

  it('is set by payments on the events of an append it wrote the document for', async () => {
    const terms = samplePaymentTerms({ paymentId: 62 });
    const streamId = streamIdOf('payment', 62);
    const readModels = new InMemoryReadModelStore();
    const payments = createPaymentsService({
      bus,
      eventStore: store,
      readModels,
      history: new ReadModelStreamHistory(readModels),
      cache: new InMemoryCache(),
      clock: new ManualClock(SAMPLE_CREATED_AT),
      logger: createLogger({ level: 'silent' }),
    });
    await payments.start?.();
    try {
      const metadata = { now: SAMPLE_CREATED_AT, correlationId: 'corr-1', causationId: 'corr-1' };
      const command: CommandMessage = {
        commandId: 'cmd-1',
        streamId,
        merchantId: terms.merchantId,
        command: { type: 'CreatePayment', data: terms, metadata } as AnyCommand,
      };
      await bus.publish(TOPICS.commands, [{ key: streamId, value: command }]);
      await heardAll(1);
    } finally {
      await payments.stop?.();
    }

    expect(versionHeaders()).toEqual([[1, '1']]);
  });
});
