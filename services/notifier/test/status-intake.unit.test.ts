import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streamIdOf } from '@gw/domain';
import type { MerchantDirectory } from '@gw/application';
import { InMemoryReadModelStore } from '@gw/store';
import { ReadModelWriter, ReadModelStreamHistory } from '@gw/views';
import { StatusIntake } from '../src/intake/status-intake';
import { JsonlDeliveryLog } from '../src/log/jsonl-delivery-log';
import { nowPaymentsRawBodyVerifier } from '@gw/families/testing';
import { fixedFacts, paidLifecycle, paymentTerms, stored } from './support/payments';

describe('status intake', () => {
  let directory: string;
  /** The history read model, where payments and the outbox relay record a payment's events. */
  let history: ReadModelStreamHistory;
  let writer: ReadModelWriter;
  let log: JsonlDeliveryLog;
  const merchantId = 'merchant-1';
  /** The merchants' read model: the intake reads signing keys there, never from the merchant's stream. */
  const merchants: Pick<MerchantDirectory, 'byId' | 'ipnSecretOf' | 'paymentKeyOf' | 'betaApiKeyOf'> = {
    byId: (id) =>
      Promise.resolve(
        id === merchantId ? ({ merchantId } as Awaited<ReturnType<MerchantDirectory['byId']>>) : null,
      ),
    ipnSecretOf: () => 'ipn-secret',
    paymentKeyOf: () => 'payment-key',
    betaApiKeyOf: () => 'beta-key',
  };
  let paymentReads: number;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'status-intake-'));
    const readModels = new InMemoryReadModelStore();
    history = new ReadModelStreamHistory(readModels);
    writer = new ReadModelWriter(readModels);
    log = new JsonlDeliveryLog(path.join(directory, 'deliveries'));
    await log.open();
    paymentReads = 0;
  });

  afterEach(async () => {
    await log.close();
    await rm(directory, { recursive: true, force: true });
  });

  function intake(): StatusIntake {
    const counting: Pick<ReadModelStreamHistory, 'events'> = {
      events: (streamId, upToVersion) => {
        if (streamId.startsWith('payment')) paymentReads++;
        return history.events(streamId, upToVersion);
      },
    };
    return new StatusIntake({
      streams: counting,
      merchants,
      log,
      facts: fixedFacts,
      clock: { now: () => new Date('2026-01-01T10:00:00.000Z') },
    });
  }

  it("builds a payment's first webhook from the event itself, as from the stream", async () => {
    const terms = paymentTerms({ merchantId, callbackUrl: 'https://shop.example/ipn' });
    const streamId = streamIdOf('payment', terms.paymentId);
    const events = stored(streamId, paidLifecycle(terms), merchantId);
    await writer.record(events);
    const last = events[events.length - 1]!;

    const first = await intake().onEvent(events[0]!);
    expect(paymentReads).toBe(0);
    const finished = await intake().onEvent(last);
    expect(paymentReads).toBe(1);

    expect(first).toMatchObject({
      eventVersion: 1,
      paymentStatus: 'waiting',
      url: 'https://shop.example/ipn',
    });
    expect(JSON.parse(first!.body)).toMatchObject({ payment_id: terms.paymentId, payment_status: 'waiting' });
    expect(finished).toMatchObject({ eventVersion: last.version, paymentStatus: 'finished' });
    // Signed with the IPN secret the merchants' read model holds.
    for (const delivery of [first!, finished!])
      expect(
        nowPaymentsRawBodyVerifier(
          Buffer.from(delivery.body),
          delivery.headers['x-nowpayments-sig']!,
          'ipn-secret',
        ),
      ).toBe(true);
  });

  it('asks the delivery log nothing for a payment without a callback URL', async () => {
    const terms = paymentTerms({ merchantId, callbackUrl: null });
    const streamId = streamIdOf('payment', terms.paymentId);
    const [created] = stored(streamId, paidLifecycle(terms), merchantId);
    const asked: string[] = [];
    const counting = Object.create(log) as JsonlDeliveryLog;
    counting.get = (deliveryId) => {
      asked.push(deliveryId);
      return log.get(deliveryId);
    };
    const quiet = new StatusIntake({
      streams: history,
      merchants,
      log: counting,
      facts: fixedFacts,
      clock: { now: () => new Date('2026-01-01T10:00:00.000Z') },
    });

    expect(await quiet.onEvent(created!)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('answers a redelivered event with the delivery it scheduled the first time', async () => {
    const terms = paymentTerms({ merchantId, callbackUrl: 'https://shop.example/ipn' });
    const streamId = streamIdOf('payment', terms.paymentId);
    const events = stored(streamId, paidLifecycle(terms), merchantId);
    await writer.record(events);
    const last = events[events.length - 1]!;
    const first = await intake().onEvent(last);
    expect(await intake().onEvent(last)).toEqual(first);
  });

  it('tells the merchant in its own words when a counted deposit left the chain for good', async () => {
    const expected = { v1: 'waiting', alpha: 'process', beta: 'Waiting' } as const;
    for (const [index, family] of (['v1', 'alpha', 'beta'] as const).entries()) {
      const terms = paymentTerms({
        merchantId,
        family,
        paymentId: 7001 + index,
        callbackUrl: 'https://shop.example/ipn',
      });
      const streamId = streamIdOf('payment', terms.paymentId);
      const at = '2026-01-01T10:05:00.000Z';
      const events = stored(
        streamId,
        [
          { type: 'PaymentCreated', data: terms },
          {
            type: 'DepositDetected',
            data: {
              txHash: 'tx1',
              outputIndex: 0,
              amount: terms.payAmount,
              fromAddress: null,
              confirmations: 0,
              detectedAt: at,
              actuallyPaid: terms.payAmount,
            },
          },
          { type: 'PaymentConfirming', data: { actuallyPaid: terms.payAmount, at } },
          {
            type: 'DepositDropped',
            data: {
              txHash: 'tx1',
              outputIndex: 0,
              amount: terms.payAmount,
              actuallyPaid: '0',
              paymentStatus: 'waiting',
              at: '2026-01-01T11:00:00.000Z',
            },
          },
        ],
        merchantId,
      );
      await writer.record(events);

      const delivery = await intake().onEvent(events[3]!);

      expect(delivery).toMatchObject({
        eventVersion: 4,
        paymentStatus: 'waiting',
        webhookStatus: expected[family],
      });
      const body = JSON.parse(delivery!.body) as Record<string, unknown>;
      if (family === 'v1') expect(body).toMatchObject({ payment_status: 'waiting', actually_paid: 0 });
      if (family === 'alpha') expect(body).toMatchObject({ status: 'process', is_final: false });
      if (family === 'beta') expect(body).toMatchObject({ status: 'Waiting', txs: [] });
    }
  });

  it('shows the payment exactly as of its event when the history already holds later ones', async () => {
    const terms = paymentTerms({ merchantId, callbackUrl: 'https://shop.example/ipn' });
    const streamId = streamIdOf('payment', terms.paymentId);
    const events = stored(streamId, paidLifecycle(terms), merchantId);
    await writer.record(events);
    const confirming = events.find((event) => event.type === 'PaymentConfirming')!;

    const delivery = await intake().onEvent(confirming);

    expect(delivery).toMatchObject({ eventVersion: confirming.version, paymentStatus: 'confirming' });
    expect(JSON.parse(delivery!.body)).toMatchObject({ payment_status: 'confirming' });
  });

  it('refuses an event the payment history does not hold yet, rather than a webhook without it', async () => {
    const terms = paymentTerms({ merchantId, callbackUrl: 'https://shop.example/ipn' });
    const streamId = streamIdOf('payment', terms.paymentId);
    const events = stored(streamId, paidLifecycle(terms), merchantId);
    await writer.record(events.slice(0, 1));

    await expect(intake().onEvent(events[events.length - 1]!)).rejects.toThrow(/has no version/);
  });
});
