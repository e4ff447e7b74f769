import { randomUUID } from 'node:crypto';
import type { MessageBus, OutgoingMessage } from '@gw/bus';
import type { Cache } from '@gw/cache';
import type { PaymentEvent, PaymentTerms } from '@gw/domain';
import type { NewEvent, ReadModelCollection, ReadModelDocument, ReadModelStore } from '@gw/store';

const CREATED_AT = '2026-01-01T10:00:00.000Z';

export function paymentTerms(paymentId: number): PaymentTerms {
  return {
    paymentId,
    uuid: randomUUID(),
    trackId: String(paymentId),
    merchantId: 'merchant-relay',
    family: 'v1',
    priceAmount: '100',
    priceCurrency: 'usd',
    payCurrency: 'btc',
    payNetwork: 'btc',
    payAmount: '0.0015',
    payDecimals: 8,
    payAddress: `bc1qrelay${paymentId}`,
    payinExtraId: null,
    outcomeCurrency: 'btc',
    orderId: `order-${paymentId}`,
    orderDescription: null,
    purchaseId: paymentId,
    invoiceId: null,
    callbackUrl: null,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: false,
    requiredConfirmations: 2,
    isFixedRate: false,
    isFeePaidByUser: false,
    sandboxCase: null,
    createdAt: CREATED_AT,
    expiresAt: '2026-01-02T10:00:00.000Z',
    alpha: null,
    beta: null,
  };
}

/** A payment's whole life: created, paid in one deposit, confirmed, paid out (seven events). */
export function paidLifecycle(terms: PaymentTerms): PaymentEvent[] {
  return [
    { type: 'PaymentCreated', data: terms },
    {
      type: 'DepositDetected',
      data: {
        txHash: `tx-${terms.paymentId}`,
        amount: terms.payAmount,
        fromAddress: 'bc1qsender',
        confirmations: 0,
        detectedAt: '2026-01-01T10:05:00.000Z',
        actuallyPaid: terms.payAmount,
      },
    },
    { type: 'PaymentConfirming', data: { actuallyPaid: terms.payAmount, at: '2026-01-01T10:05:00.000Z' } },
    {
      type: 'DepositConfirmationsUpdated',
      data: { txHash: `tx-${terms.paymentId}`, confirmations: 2, updatedAt: '2026-01-01T10:20:00.000Z' },
    },
    { type: 'PaymentConfirmed', data: { actuallyPaid: terms.payAmount, at: '2026-01-01T10:20:00.000Z' } },
    {
      type: 'PayoutStarted',
      data: { outcomeAmount: '0.001485', outcomeCurrency: 'btc', at: '2026-01-01T10:21:00.000Z' },
    },
    {
      type: 'PaymentFinished',
      data: {
        payoutHash: `payout-${terms.paymentId}`,
        outcomeAmount: '0.001485',
        at: '2026-01-01T10:22:00.000Z',
      },
    },
  ];
}

export function toNewEvent(event: PaymentEvent, merchantId: string): NewEvent {
  return {
    eventId: randomUUID(),
    type: event.type,
    occurredAt: CREATED_AT,
    merchantId,
    data: event.data as unknown as Record<string, unknown>,
    metadata: { correlationId: randomUUID(), causationId: randomUUID() },
  };
}

/** Splits events into commits of one to three events. */
export function intoCommits<T>(events: T[], random: () => number): T[][] {
  const commits: T[][] = [];
  for (let i = 0; i < events.length;) {
    const size = 1 + Math.floor(random() * 3);
    commits.push(events.slice(i, i + size));
    i += size;
  }
  return commits;
}

/** A small deterministic generator, so a failing interleaving can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

export interface PublishRecord {
  relay: string;
  startedAt: number;
  endedAt: number;
  messages: number;
}

/**
 * What one relay process sees of the bus and the cache. `killDuringPublish` makes the relay die inside
 * its n-th publish: half the batch reaches the bus, then that call and every later bus or cache call
 * never return, as with a process that froze or was killed (so it never renews or releases its lease).
 */
export class RelayProcess {
  private publishes = 0;
  killedAt: number | undefined;

  constructor(
    readonly name: string,
    private readonly bus: MessageBus,
    private readonly cache: Cache,
    private readonly log: PublishRecord[],
    private readonly killDuringPublish?: number,
  ) {}

  get relayBus(): MessageBus {
    return {
      publish: async (topic: string, messages: OutgoingMessage[]) => {
        if (this.killedAt !== undefined) return never();
        const startedAt = Date.now();
        if (++this.publishes === this.killDuringPublish) {
          const half = messages.slice(0, Math.ceil(messages.length / 2));
          await this.bus.publish(topic, half);
          this.log.push({ relay: this.name, startedAt, endedAt: Date.now(), messages: half.length });
          this.killedAt = Date.now();
          return never();
        }
        await this.bus.publish(topic, messages);
        this.log.push({ relay: this.name, startedAt, endedAt: Date.now(), messages: messages.length });
      },
      subscribe: (options, handler) => this.bus.subscribe(options, handler),
      close: async () => undefined,
    };
  }

  get relayCache(): Cache {
    const alive =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        this.killedAt !== undefined ? never() : call(...args);
    return {
      get: alive((key: string) => this.cache.get(key)),
      set: alive((key: string, value: string, ttlMs?: number) => this.cache.set(key, value, ttlMs)),
      setIfAbsent: alive((key: string, value: string, ttlMs?: number) =>
        this.cache.setIfAbsent(key, value, ttlMs),
      ),
      delete: alive((key: string) => this.cache.delete(key)),
      increment: alive((key: string, ttlMs: number) => this.cache.increment(key, ttlMs)),
      acquireLease: alive((name: string, owner: string, ttlMs: number) =>
        this.cache.acquireLease(name, owner, ttlMs),
      ),
      releaseLease: alive((name: string, owner: string) => this.cache.releaseLease(name, owner)),
      close: async () => undefined,
    };
  }
}

/** Records every write that changed a read model, to check each event was applied once and in order. */
export class RecordingReadModels implements ReadModelStore {
  readonly writes: { collection: string; id: string; version: number }[] = [];

  constructor(private readonly inner: ReadModelStore) {}

  collection<T extends ReadModelDocument>(name: string): ReadModelCollection<T> {
    const collection = this.inner.collection<T>(name);
    return {
      upsertIfNewer: async (doc: T) => {
        const wrote = await collection.upsertIfNewer(doc);
        if (wrote) this.writes.push({ collection: name, id: doc.id, version: doc.version });
        return wrote;
      },
      get: (id) => collection.get(id),
      findOne: (filter) => collection.findOne(filter),
      find: (query) => collection.find(query),
      count: (filter) => collection.count(filter),
      ensureIndexes: (indexes) => collection.ensureIndexes(indexes),
      deleteAll: () => collection.deleteAll(),
    };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
