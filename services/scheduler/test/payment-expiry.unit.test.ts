import type { ReplyMessage } from '@gw/contracts';
import { ManualClock, createLogger } from '@gw/platform';
import { CommandTimeoutError, type CommandClient, type CommandInput } from '@gw/application';
import {
  InMemoryReadModelStore,
  type FindQuery,
  type ReadModelCollection,
  type ReadModelDocument,
  type ReadModelStore,
} from '@gw/store';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { PaymentExpiry } from '../src/payment-expiry';

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
});
