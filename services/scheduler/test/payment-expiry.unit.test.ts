import type { ReplyMessage } from '@gw/contracts';
import { ManualClock, createLogger } from '@gw/platform';
import { CommandTimeoutError, type CommandClient, type CommandInput } from '@gw/application';
import {
  InMemoryReadModelStore,
  type Filter,
  type FindQuery,
  type ReadModelCollection,
  type ReadModelDocument,
  type ReadModelStore,
} from '@gw/store';
import { COLLECTIONS, minuteOf, type PaymentDocument } from '@gw/views';
import { FULL_SWEEP_INTERVAL_MS, PaymentExpiry } from '../src/payment-expiry';

const logger = createLogger({ level: 'silent' });

function readModelsListing(payments: Pick<PaymentDocument, 'paymentId' | 'merchantId'>[]) {
  const queries: { collection: string; query: FindQuery }[] = [];
  const store = {
    collection<T extends ReadModelDocument>(name: string) {
      return {
        async find(query: FindQuery) {
          queries.push({ collection: name, query });
          return payments as unknown as T[];
        },
      } as unknown as ReadModelCollection<T>;
    },
    async close() {},
  } satisfies ReadModelStore;
  return { store, queries };
}

function commandsAnswering(answer: (paymentStream: string) => ReplyMessage | Error) {
  const sent: { streamId: string; merchantId: string; input: CommandInput; commandId?: string }[] = [];
  const client = {
    async send(streamId: string, merchantId: string, input: CommandInput, commandId?: string) {
      sent.push({ streamId, merchantId, input, commandId });
      const reply = answer(streamId);
      if (reply instanceof Error) throw reply;
      return reply;
    },
  } as unknown as CommandClient;
  return { client, sent };
}

const expired = (streamId: string): ReplyMessage => ({
  ok: true,
  commandId: 'x',
  streamId,
  version: 2,
  eventTypes: ['PaymentExpired'],
});

describe('PaymentExpiry', () => {
  it('lists waiting payments due by the clock, oldest expiry first, in batches of 500', async () => {
    const clock = new ManualClock('2026-01-02T10:00:00.000Z');
    const { store, queries } = readModelsListing([]);
    await new PaymentExpiry(store, commandsAnswering(expired).client, clock, logger).expireDue();
    expect(queries).toEqual([
      {
        collection: 'payments',
        query: {
          filter: { status: 'waiting', expiresAt: { $lte: '2026-01-02T10:00:00.000Z' } },
          sort: [['expiresAt', 1]],
          limit: 500,
        },
      },
    ]);
  });

  it('expires each due payment under a command id derived from the payment, at the clock time', async () => {
    const clock = new ManualClock('2026-01-02T10:00:00.000Z');
    const { store } = readModelsListing([
      { paymentId: 111, merchantId: 'm-1' },
      { paymentId: 222, merchantId: 'm-2' },
    ]);
    const { client, sent } = commandsAnswering(expired);
    const pass = await new PaymentExpiry(store, client, clock, logger).expireDue();
    expect(pass).toEqual({ due: 2, expired: 2 });
    expect(sent).toEqual([
      {
        streamId: 'payment-111',
        merchantId: 'm-1',
        input: { type: 'ExpirePayment', data: {}, metadata: { now: '2026-01-02T10:00:00.000Z' } },
        commandId: 'expire:111',
      },
      {
        streamId: 'payment-222',
        merchantId: 'm-2',
        input: { type: 'ExpirePayment', data: {}, metadata: { now: '2026-01-02T10:00:00.000Z' } },
        commandId: 'expire:222',
      },
    ]);
  });

  it('does not count a payment that a deposit reached first, nor one payments refused', async () => {
    const { store } = readModelsListing([
      { paymentId: 111, merchantId: 'm-1' },
      { paymentId: 222, merchantId: 'm-1' },
    ]);
    const { client } = commandsAnswering((streamId) =>
      streamId === 'payment-111'
        ? { ok: true, commandId: 'x', streamId, version: 3, eventTypes: [] }
        : {
            ok: false,
            commandId: 'x',
            streamId,
            error: { code: 'PAYMENT_NOT_EXPIRED_YET', message: 'not yet' },
          },
    );
    expect(await new PaymentExpiry(store, client, new ManualClock(), logger).expireDue()).toEqual({
      due: 2,
      expired: 0,
    });
  });

  it('ends the pass at a timeout, as payments is not answering; the next pass retries', async () => {
    const { store } = readModelsListing([
      { paymentId: 111, merchantId: 'm-1' },
      { paymentId: 222, merchantId: 'm-1' },
    ]);
    const { client, sent } = commandsAnswering((streamId) =>
      streamId === 'payment-111' ? new CommandTimeoutError('slow') : expired(streamId),
    );
    expect(await new PaymentExpiry(store, client, new ManualClock(), logger).expireDue()).toEqual({
      due: 2,
      expired: 0,
    });
    expect(sent.map((s) => s.commandId)).toEqual(['expire:111']);
  });

  it('expires exactly the waiting payments whose expiry is at or before now', async () => {
    const store = new InMemoryReadModelStore();
    const payments = store.collection<PaymentDocument>(COLLECTIONS.payments);
    const payment = (paymentId: number, status: PaymentDocument['status'], expiresAt: string) =>
      payments.upsertIfNewer({
        id: String(paymentId),
        version: 1,
        paymentId,
        merchantId: 'm-1',
        status,
        expiresAt,
      } as PaymentDocument);
    await payment(1, 'waiting', '2026-01-02T09:59:59.999Z');
    await payment(2, 'waiting', '2026-01-02T10:00:00.000Z');
    await payment(3, 'waiting', '2026-01-02T10:00:00.001Z');
    await payment(4, 'partially_paid', '2026-01-01T00:00:00.000Z');
    await payment(5, 'expired', '2026-01-01T00:00:00.000Z');
    const { client, sent } = commandsAnswering(expired);
    const clock = new ManualClock('2026-01-02T10:00:00.000Z');
    expect(await new PaymentExpiry(store, client, clock, logger).expireDue()).toEqual({ due: 2, expired: 2 });
    expect(sent.map((s) => s.commandId)).toEqual(['expire:1', 'expire:2']);
  });

  describe('between full sweeps', () => {
    const minuteQuery = (minute: string, now: string) => ({
      collection: 'payments',
      query: {
        filter: { expiryMinute: minute, status: 'waiting', expiresAt: { $lte: now } },
        sort: [['expiresAt', 1]],
        limit: 500,
      },
    });

    it('asks only for the minutes of expiry since the last pass, each by its minute', async () => {
      const clock = new ManualClock('2026-01-02T10:00:40.000Z');
      const { store, queries } = readModelsListing([]);
      const expiry = new PaymentExpiry(store, commandsAnswering(expired).client, clock, logger);
      await expiry.expireDue();
      queries.length = 0;
      clock.advance(5_000);
      await expiry.expireDue();
      clock.advance(20_000);
      await expiry.expireDue();
      expect(queries).toEqual([
        minuteQuery('2026-01-02T10:00', '2026-01-02T10:00:45.000Z'),
        minuteQuery('2026-01-02T10:00', '2026-01-02T10:01:05.000Z'),
        minuteQuery('2026-01-02T10:01', '2026-01-02T10:01:05.000Z'),
      ]);
    });

    it('sweeps every waiting payment again every ten minutes, and after a gap of over an hour', async () => {
      const clock = new ManualClock('2026-01-02T10:00:00.000Z');
      const { store, queries } = readModelsListing([]);
      const expiry = new PaymentExpiry(store, commandsAnswering(expired).client, clock, logger);
      const sweeps = () => queries.filter(({ query }) => !('expiryMinute' in query.filter)).length;
      await expiry.expireDue();
      clock.advance(FULL_SWEEP_INTERVAL_MS - 1);
      await expiry.expireDue();
      expect(sweeps()).toBe(1);
      clock.advance(1);
      await expiry.expireDue();
      expect(sweeps()).toBe(2);
      clock.advance(60 * 60_000 + 1);
      await expiry.expireDue();
      expect(sweeps()).toBe(3);
    });

    it('looks at the same minutes again after a pass that filled its batch or timed out', async () => {
      const clock = new ManualClock('2026-01-02T10:00:00.000Z');
      const { store, queries } = readModelsListing([{ paymentId: 111, merchantId: 'm-1' }]);
      let answer: (streamId: string) => ReplyMessage | Error = expired;
      const { client } = commandsAnswering((streamId) => answer(streamId));
      const expiry = new PaymentExpiry(store, client, clock, logger, 1);
      await expiry.expireDue();
      await expiry.expireDue();
      expect(queries.map(({ query }) => 'expiryMinute' in query.filter)).toEqual([false, false]);
      answer = () => new CommandTimeoutError('slow');
      await expiry.expireDue();
      expect(queries.map(({ query }) => 'expiryMinute' in query.filter)).toEqual([false, false, false]);
    });

    /** What FerretDB 1.24 decodes to answer a filter: every document its equality conditions match. */
    async function decodedBy(
      payments: ReadModelCollection<PaymentDocument>,
      filter: Filter,
    ): Promise<number> {
      const equality = Object.fromEntries(
        Object.entries(filter).filter(([, condition]) => typeof condition !== 'object' || condition === null),
      );
      return (await payments.find({ filter: equality })).length;
    }

    it('decodes only the payments of the minutes it asks for, however many are waiting', async () => {
      const store = new InMemoryReadModelStore();
      const payments = store.collection<PaymentDocument>(COLLECTIONS.payments);
      const waiting = (paymentId: number, expiresAt: string) =>
        payments.upsertIfNewer({
          id: String(paymentId),
          version: 1,
          paymentId,
          merchantId: 'm-1',
          status: 'waiting',
          expiresAt,
          expiryMinute: minuteOf(expiresAt),
        } as PaymentDocument);
      for (let i = 0; i < 1_000; i++)
        await waiting(1_000 + i, `2026-01-03T${String(i % 24).padStart(2, '0')}:00:00.000Z`);
      const queries: Filter[] = [];
      const listing: ReadModelStore = {
        collection: <T extends ReadModelDocument>(name: string) => {
          const inner = store.collection<T>(name);
          return Object.assign(Object.create(inner) as ReadModelCollection<T>, {
            find: (query: FindQuery) => (queries.push(query.filter), inner.find(query)),
          });
        },
        close: async () => {},
      };
      const sent: string[] = [];
      const client = {
        async send(streamId: string, _merchantId: string, _input: CommandInput, commandId: string) {
          sent.push(commandId);
          const payment = (await payments.get(streamId.replace('payment-', '')))!;
          await payments.upsertIfNewer({ ...payment, version: 2, status: 'expired', expiryMinute: null });
          return expired(streamId);
        },
      } as unknown as CommandClient;
      const clock = new ManualClock('2026-01-02T10:00:00.000Z');
      const expiry = new PaymentExpiry(listing, client, clock, logger);
      await expiry.expireDue();
      await waiting(1, '2026-01-02T10:00:03.000Z');
      await waiting(2, '2026-01-02T10:00:59.999Z');
      await waiting(3, '2026-01-02T10:01:00.000Z');
      queries.length = 0;
      clock.advance(5_000);
      expect(await expiry.expireDue()).toEqual({ due: 1, expired: 1 });
      clock.advance(60_000);
      expect(await expiry.expireDue()).toEqual({ due: 2, expired: 2 });
      expect(sent).toEqual(['expire:1', 'expire:2', 'expire:3']);
      for (const filter of queries) expect(await decodedBy(payments, filter)).toBeLessThanOrEqual(3);
    });

    it('finds at its next full sweep a payment projected after its minute was looked at', async () => {
      const clock = new ManualClock('2026-01-02T10:00:00.000Z');
      const store = new InMemoryReadModelStore();
      const { client, sent } = commandsAnswering(expired);
      const expiry = new PaymentExpiry(store, client, clock, logger);
      await expiry.expireDue();
      clock.advance(5 * 60_000);
      await expiry.expireDue();
      await store.collection<PaymentDocument>(COLLECTIONS.payments).upsertIfNewer({
        id: '7',
        version: 1,
        paymentId: 7,
        merchantId: 'm-1',
        status: 'waiting',
        expiresAt: '2026-01-02T10:01:00.000Z',
        expiryMinute: '2026-01-02T10:01',
      } as PaymentDocument);
      clock.advance(60_000);
      await expiry.expireDue();
      expect(sent).toEqual([]);
      clock.advance(FULL_SWEEP_INTERVAL_MS);
      await expiry.expireDue();
      expect(sent.map((s) => s.commandId)).toEqual(['expire:7']);
    });
  });
});
