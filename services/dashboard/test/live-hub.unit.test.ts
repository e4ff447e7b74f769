import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streamIdOf, type PaymentEvent, type PaymentTerms } from '@gw/domain';
import { paidLifecycle, samplePaymentTerms } from '@gw/domain/testing';
import { InMemoryReadModelStore, JsonlEventStore } from '@gw/store';
import { ReadModelWriter, ReadModelStreamHistory } from '@gw/views';
import pino from 'pino';
import type { LivePaymentEvent } from '../src/live/live-event';
import { LiveHub, type StreamSink } from '../src/live/live-hub';
import { listView, paymentView, type LiveMessage } from '../src/live/live-views';
import { PaymentSnapshots } from '../src/live/payment-snapshots';
import { parsePaymentListQuery } from '../src/payments/payment-list';

const ALL = parsePaymentListQuery({}).query;

/** A stream's receiving end, as a browser would read it. */
class MemorySink implements StreamSink {
  text = '';
  ended = false;
  keepsUp = true;
  private readonly listeners: (() => void)[] = [];

  write(chunk: string): boolean {
    if (this.ended) return false;
    this.text += chunk;
    return this.keepsUp;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const listener of this.listeners) listener();
  }

  onClose(listener: () => void): void {
    this.listeners.push(listener);
  }

  get events(): { id: string; event: string; data: LiveMessage }[] {
    return this.text
      .split('\n\n')
      .filter((block) => block.startsWith('id: '))
      .map((block) => {
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))!
            .slice(name.length + 2);
        return { id: field('id'), event: field('event'), data: JSON.parse(field('data')) as LiveMessage };
      });
  }
}

let directory: string;
let eventStore: JsonlEventStore;
/** Records each commit in the history read model, as the outbox relay does before publishing it. */
let writer: ReadModelWriter;
/** Sessions signed out (or switched away); every other session still shows its merchant. */
let over: Set<string>;
let hub: LiveHub;

/**
 * Appends a payment's events to the event store, records them in the history read model, and hands them
 * to the hub, as the outbox relay and the bus would.
 */
async function happen(terms: PaymentTerms, events: PaymentEvent[], from = 1): Promise<LivePaymentEvent[]> {
  const streamId = streamIdOf('payment', terms.paymentId);
  const stored = await eventStore.append(
    streamId,
    from - 1,
    events.map((event, i) => ({
      eventId: `${terms.paymentId}-${from + i}`,
      type: event.type,
      occurredAt: `2026-01-01T10:0${from + i}:00.000Z`,
      merchantId: terms.merchantId,
      data: event.data as unknown as Record<string, unknown>,
      metadata: { correlationId: 'c', causationId: 'c' },
    })),
  );
  await writer.record(stored.events);
  const live = stored.events.map((event) => ({ ...event, paymentId: terms.paymentId }));
  for (const event of live) hub.publish(event);
  await hub.settled();
  return live;
}

const termsOf = (paymentId: number, merchantId: string) =>
  samplePaymentTerms({ paymentId, merchantId, orderId: `order-${merchantId}-${paymentId}` });

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'live-hub-'));
  eventStore = await JsonlEventStore.open({ directory });
  const readModels = new InMemoryReadModelStore();
  writer = new ReadModelWriter(readModels);
  over = new Set();
  hub = new LiveHub({
    epoch: 'run1',
    snapshots: new PaymentSnapshots(new ReadModelStreamHistory(readModels)),
    logger: pino({ level: 'silent' }),
    isCurrent: async (sessionId) => !over.has(sessionId),
    heartbeatMs: 5,
    streamsPerSession: 2,
    maxStreams: 3,
  });
  hub.start();
});

afterEach(async () => {
  hub.close();
  await eventStore.close();
  await rm(directory, { recursive: true, force: true });
});

describe('the live hub', () => {
  it('sends a merchant’s streams its own payments only, each page what it shows', async () => {
    const listOfA = new MemorySink();
    const pageOfA = new MemorySink();
    const listOfB = new MemorySink();
    const none = { lastEventId: null, since: null };
    expect(hub.open('session-a', listView('merchant-a', ALL), listOfA, none)).toBe('opened');
    expect(hub.open('session-a', paymentView('merchant-a', 11), pageOfA, none)).toBe('opened');
    expect(hub.open('session-b', listView('merchant-b', ALL), listOfB, none)).toBe('opened');

    const [paid, other] = [termsOf(11, 'merchant-a'), termsOf(12, 'merchant-a')];
    const ofB = termsOf(21, 'merchant-b');
    await happen(paid, paidLifecycle(paid));
    await happen(other, paidLifecycle(other).slice(0, 1));
    await happen(ofB, paidLifecycle(ofB).slice(0, 2));

    expect(listOfA.events.map((event) => event.data.paymentId)).toEqual([11, 11, 11, 11, 11, 11, 11, 12]);
    expect(pageOfA.events.map((event) => event.data.paymentId)).toEqual([11, 11, 11, 11, 11, 11, 11]);
    expect(listOfB.events.map((event) => event.data.paymentId)).toEqual([21, 21]);
    expect(listOfA.text).not.toContain('merchant-b');
    expect(listOfB.text).not.toContain('merchant-a');

    // Each message shows the payment as of its event, and says so politely on status changes.
    const [created, detected] = listOfA.events.map((event) => event.data);
    expect(created!.parts.row).toContain('waiting');
    expect(created!.announce).toBe('New payment 11: waiting.');
    expect(detected!.announce).toBe('');
    expect(listOfA.events[6]!.data.parts.row).toContain('finished');
    expect(listOfA.events[6]!.data.announce).toBe('Payment 11 is now finished.');
    expect(Object.keys(pageOfA.events[1]!.data.parts).sort()).toEqual([
      'deposits',
      'event',
      'facts',
      'heading',
    ]);
    expect(pageOfA.events[1]!.data.parts.deposits).toContain('tx-11');
  });

  it('tells a list whether a payment it does not show belongs in it', async () => {
    const finishedOnly = new MemorySink();
    const view = listView('merchant-a', parsePaymentListQuery({ status: 'finished' }).query);
    hub.open('session-a', view, finishedOnly, { lastEventId: null, since: null });
    const terms = termsOf(31, 'merchant-a');
    await happen(terms, paidLifecycle(terms));
    expect(finishedOnly.events.map((event) => event.data.matches)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('replays what a stream missed after its Last-Event-ID, or from the page’s position, and resets an id it cannot continue', async () => {
    const first = new MemorySink();
    hub.open('session-a', listView('merchant-a', ALL), first, { lastEventId: null, since: null });
    const before = termsOf(41, 'merchant-a');
    await happen(before, paidLifecycle(before).slice(0, 1));
    const seen = first.events[0]!.id;
    first.end();
    const missed = termsOf(42, 'merchant-a');
    const position = hub.position;
    await happen(missed, paidLifecycle(missed).slice(0, 2));

    const resumed = new MemorySink();
    hub.open('session-a', listView('merchant-a', ALL), resumed, { lastEventId: seen, since: null });
    await hub.settled();
    expect(resumed.events.map((event) => [event.data.paymentId, event.data.version])).toEqual([
      [42, 1],
      [42, 2],
    ]);

    const fromPage = new MemorySink();
    hub.open('session-b', listView('merchant-a', ALL), fromPage, { lastEventId: null, since: position });
    await hub.settled();
    expect(fromPage.events.map((event) => event.data.paymentId)).toContain(42);
    // Catching a page up with its own read is quiet; what came after the read, or what a dropped
    // stream missed, is news.
    const quietly = (event: { data: LiveMessage }) => [event.data.paymentId, event.data.quiet === true];
    expect(fromPage.events.map(quietly)).toEqual([
      [41, true],
      [42, false],
      [42, false],
    ]);
    expect(resumed.events.some((event) => event.data.quiet)).toBe(false);

    const foreign = new MemorySink();
    hub.open('session-b', listView('merchant-a', ALL), foreign, { lastEventId: 'run0.3', since: null });
    await hub.settled();
    expect(foreign.events.map((event) => event.event)).toEqual(['reset']);
  });

  it('bounds the streams of a session and of the instance', () => {
    const open = (session: string) =>
      hub.open(session, listView('merchant-a', ALL), new MemorySink(), { lastEventId: null, since: null });
    expect(open('s1')).toBe('opened');
    expect(open('s1')).toBe('opened');
    expect(open('s1')).toBe('too-many-for-session');
    expect(open('s2')).toBe('opened');
    expect(open('s3')).toBe('full');
  });

  it('ends a stream whose reader falls behind, and one whose session is over, at a heartbeat', async () => {
    const slow = new MemorySink();
    const signedOut = new MemorySink();
    const live = new MemorySink();
    over.add('gone-session');
    hub.open('slow-session', listView('merchant-a', ALL), slow, { lastEventId: null, since: null });
    hub.open('gone-session', listView('merchant-a', ALL), signedOut, { lastEventId: null, since: null });
    hub.open('live-session', listView('merchant-a', ALL), live, { lastEventId: null, since: null });
    slow.keepsUp = false;
    const terms = termsOf(51, 'merchant-a');
    await happen(terms, paidLifecycle(terms).slice(0, 1));
    expect(slow.ended).toBe(true);
    await until(() => signedOut.ended && live.text.includes(': heartbeat'));
    expect(live.ended).toBe(false);
    expect(hub.openStreams).toBe(1);
  });

  it('ends every stream on close and refuses new ones', () => {
    const sink = new MemorySink();
    hub.open('s1', listView('merchant-a', ALL), sink, { lastEventId: null, since: null });
    hub.close();
    expect(sink.ended).toBe(true);
    expect(hub.openStreams).toBe(0);
    expect(
      hub.open('s1', listView('merchant-a', ALL), new MemorySink(), { lastEventId: null, since: null }),
    ).toBe('closed');
  });
});

async function until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
