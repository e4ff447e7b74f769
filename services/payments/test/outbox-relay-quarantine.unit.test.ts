import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  InProcessBus,
  SchemaValidatingJsonCodec,
  type IncomingMessage,
  type MessageCodec,
  type Subscription,
} from '@gw/bus';
import { InMemoryCache } from '@gw/cache';
import { TOPICS, TOPIC_SCHEMAS, type EventMessage } from '@gw/contracts';
import { ManualClock, createLogger } from '@gw/platform';
import { ANY_EVENT, JsonlEventStore, type Commit, type NewEvent } from '@gw/store';
import { paymentEvent } from '@gw/store/testing';
import { OutboxRelay } from '../src/outbox-relay';

const AT = '2026-01-01T10:00:00.000Z';
const confirmed = (actuallyPaid: string): NewEvent =>
  paymentEvent('PaymentConfirmed', { actuallyPaid, at: AT });
const expired = (): NewEvent => paymentEvent('PaymentExpired', { at: AT });

/** A codec that refuses what a registry's schema would, here: any message of one stream. */
class RefusingCodec implements MessageCodec {
  constructor(
    private readonly inner: MessageCodec,
    public refusedStream: string,
  ) {}
  encode(topic: string, value: unknown) {
    if ((value as EventMessage).streamId === this.refusedStream)
      throw new Error('the registry schema refuses this message');
    return this.inner.encode(topic, value);
  }
  decode(topic: string, bytes: Buffer) {
    return this.inner.decode(topic, bytes);
  }
}

describe('OutboxRelay with a commit it cannot publish', () => {
  let directory: string;
  let store: JsonlEventStore;
  let bus: InProcessBus;
  let received: IncomingMessage[];
  let subscription: Subscription;
  let quarantined: Commit[];

  const relay = (options: { clock?: ManualClock } = {}) =>
    new OutboxRelay(store, bus, new InMemoryCache(), createLogger({ level: 'silent' }), {
      instanceId: 'relay-1',
      batchSize: 10,
      clock: options.clock ?? new ManualClock(AT),
      onQuarantined: (commit) => quarantined.push(commit),
    });

  /** What an old store holds: a commit written before appends were checked. */
  async function plantUnpublishable(streamId: string): Promise<Commit> {
    await store.close();
    const unchecked = await JsonlEventStore.open({ directory, eventSchema: ANY_EVENT });
    const commit = await unchecked.append(streamId, 0, [confirmed('Infinity')]);
    await unchecked.close();
    store = await JsonlEventStore.open({ directory });
    return commit;
  }

  async function startBus(codec: MessageCodec): Promise<void> {
    bus = new InProcessBus({ codec });
    received = [];
    subscription = await bus.subscribe(
      { topics: [TOPICS.events], groupId: 'test', fromBeginning: true },
      async (message) => {
        received.push(message);
      },
    );
  }

  const publishedStreams = () => received.map((m) => `${m.key}@${(m.value as EventMessage).version}`);

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'outbox-relay-'));
    store = await JsonlEventStore.open({ directory });
    quarantined = [];
  });

  afterEach(async () => {
    await subscription?.stop();
    await bus?.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('quarantines it with its reason, holds its stream back and publishes every other stream', async () => {
    await startBus(new SchemaValidatingJsonCodec(TOPIC_SCHEMAS));
    const bad = await plantUnpublishable('plan-1');
    const later = await store.append('plan-1', 1, [expired()]);
    const other = await store.append('payment-2', 0, [confirmed('1.5')]);

    expect(await relay().pass()).toBe(1);

    await waitFor(() => received.length === 1);
    expect(publishedStreams()).toEqual(['payment-2@1']);
    expect(quarantined.map((c) => c.commitId)).toEqual([bad.commitId]);
    expect(await store.quarantinedCommits()).toEqual([
      {
        commitId: bad.commitId,
        streamId: 'plan-1',
        firstVersion: 1,
        lastVersion: 1,
        eventTypes: ['PaymentConfirmed'],
        reason: expect.stringMatching(/^PaymentConfirmed version 1: \/data\/actuallyPaid must match pattern/),
        quarantinedAt: AT,
      },
    ]);
    expect((await store.unpublishedCommits(10)).map((c) => c.commitId)).toEqual([]);
    expect((await store.readStream('plan-1')).map((e) => e.version)).toEqual([1, later.events[0]!.version]);
    expect(other.streamId).toBe('payment-2');
  });

  it('quarantines a released commit again while it still cannot be published', async () => {
    await startBus(new SchemaValidatingJsonCodec(TOPIC_SCHEMAS));
    await plantUnpublishable('plan-1');
    await relay().pass();

    await store.releaseQuarantine();
    await relay({ clock: new ManualClock('2026-01-01T11:00:00.000Z') }).pass();

    expect(await store.quarantinedCommits()).toEqual([
      expect.objectContaining({ streamId: 'plan-1', quarantinedAt: '2026-01-01T11:00:00.000Z' }),
    ]);
    expect(received).toEqual([]);
  });

  it('quarantines a commit the codec refuses and publishes the rest of the batch', async () => {
    await startBus(new RefusingCodec(new SchemaValidatingJsonCodec(TOPIC_SCHEMAS), 'payment-1'));
    const refused = await store.append('payment-1', 0, [confirmed('1')]);
    await store.append('payment-1', 1, [expired()]);
    await store.append('payment-2', 0, [confirmed('2')]);
    await store.append('payment-3', 0, [confirmed('3')]);

    expect(await relay().pass()).toBe(2);

    await waitFor(() => received.length === 2);
    expect(publishedStreams().sort()).toEqual(['payment-2@1', 'payment-3@1']);
    expect(await store.quarantinedCommits()).toEqual([
      expect.objectContaining({
        commitId: refused.commitId,
        reason: expect.stringContaining('the registry schema refuses this message'),
      }),
    ]);
  });

  it('publishes the held stream in order once the codec takes it and the quarantine is released', async () => {
    const codec = new RefusingCodec(new SchemaValidatingJsonCodec(TOPIC_SCHEMAS), 'payment-1');
    await startBus(codec);
    await store.append('payment-1', 0, [confirmed('1')]);
    await store.append('payment-1', 1, [expired()]);
    await relay().pass();
    expect(received).toEqual([]);

    codec.refusedStream = 'none'; // the registry's schema was fixed
    expect(await relay().pass()).toBe(0);
    await store.releaseQuarantine();
    expect(await relay().pass()).toBe(2);

    await waitFor(() => received.length === 2);
    expect(publishedStreams()).toEqual(['payment-1@1', 'payment-1@2']);
    expect(await store.quarantinedCommits()).toEqual([]);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
