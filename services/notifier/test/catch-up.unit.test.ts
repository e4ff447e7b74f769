import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { streamIdOf } from '@gw/domain';
import type { MerchantDirectory } from '@gw/application';
import { ManualClock } from '@gw/platform';
import { InMemoryReadModelStore, type QueryCost, type StoredEvent } from '@gw/store';
import { COLLECTIONS, ReadModelWriter, ReadModelStreamHistory } from '@gw/views';
import type { Delivery } from '../src/delivery/delivery';
import { CATCH_UP_WINDOW_MS, catchUp, type CatchUpResult } from '../src/intake/catch-up';
import { StatusIntake } from '../src/intake/status-intake';
import { JsonlDeliveryLog } from '../src/log/jsonl-delivery-log';
import { fixedFacts, paidLifecycle, paymentTerms, stored } from './support/payments';

const SINCE = '2026-01-01T00:00:00.000Z';
const at = (iso: string, plusMs: number) => new Date(Date.parse(iso) + plusMs).toISOString();

describe('the start-up catch-up (embedded)', () => {
  let directory: string;
  let readModels: InMemoryReadModelStore;
  let writer: ReadModelWriter;
  let log: JsonlDeliveryLog;
  let clock: ManualClock;
  /** The history queries by time, and what each read. */
  let timeQueries: QueryCost[];
  const merchantId = 'merchant-1';
  let knownMerchants: Set<string>;
  const merchants: Pick<MerchantDirectory, 'byId' | 'ipnSecretOf' | 'paymentKeyOf' | 'betaApiKeyOf'> = {
    byId: (id) =>
      Promise.resolve(
        knownMerchants.has(id)
          ? ({ merchantId: id } as Awaited<ReturnType<MerchantDirectory['byId']>>)
          : null,
      ),
    ipnSecretOf: () => 'ipn-secret',
    paymentKeyOf: () => 'payment-key',
    betaApiKeyOf: () => 'beta-key',
  };

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'catch-up-'));
    readModels = new InMemoryReadModelStore();
    writer = new ReadModelWriter(readModels);
    await writer.ensureIndexes();
    log = new JsonlDeliveryLog(path.join(directory, 'deliveries'));
    await log.open();
    clock = new ManualClock(at(SINCE, 3_600_000));
    knownMerchants = new Set([merchantId]);
    timeQueries = [];
    readModels.guardQueries({
      observe: (cost) => {
        if (cost.collection === COLLECTIONS.streamEvents && 'occurredAt' in cost.query.filter)
          timeQueries.push(cost);
      },
    });
  });

  afterEach(async () => {
    await log.close();
    await rm(directory, { recursive: true, force: true });
  });

  /** One start's catch-up, as the notifier runs it, with the deliveries it handed to the dispatcher. */
  async function start(): Promise<CatchUpResult & { delivered: Delivery[] }> {
    const delivered: Delivery[] = [];
    const intake = new StatusIntake({
      streams: new ReadModelStreamHistory(readModels),
      merchants,
      log,
      facts: fixedFacts,
      clock,
    });
    const result = await catchUp({
      history: new ReadModelStreamHistory(readModels),
      log,
      intake,
      clock,
      logger: pino({ level: 'silent' }),
      onDelivery: (delivery) => delivered.push(delivery),
    });
    return { ...result, delivered };
  }

  /** A paid payment's events, stamped one second apart from `from` (or as told), recorded in the history. */
  async function paymentAt(
    paymentId: number,
    from: string,
    owner = merchantId,
    offsetOf = (i: number, _count: number) => i * 1_000,
  ): Promise<StoredEvent[]> {
    const terms = paymentTerms({ paymentId, merchantId: owner, callbackUrl: 'https://shop.example/ipn' });
    const lifecycle = stored(streamIdOf('payment', paymentId), paidLifecycle(terms), owner);
    const events = lifecycle.map((event, i) => ({
      ...event,
      occurredAt: at(from, offsetOf(i, lifecycle.length)),
    }));
    await writer.record(events);
    return events;
  }

  async function scheduledFor(paymentId: number): Promise<number[]> {
    return (await log.ofPayment(paymentId)).map((delivery) => delivery.eventVersion);
  }

  it('at the very first start reads nothing and delivers no history: it only sets the checkpoint', async () => {
    await paymentAt(1001, at(SINCE, 60_000));

    const first = await start();

    expect(first).toMatchObject({ examined: 0, delivered: [] });
    expect(timeQueries).toEqual([]);
    expect(await log.checkpoint()).toEqual({
      since: clock.now().toISOString(),
      caughtUpTo: clock.now().toISOString(),
    });
  });

  it('schedules a webhook lost across a restart once, at the next start', async () => {
    await start();
    const restartedAt = clock.now().toISOString();
    // The payment moves on, and the process dies before the bus handed its events to the notifier.
    clock.advance(60_000);
    await paymentAt(1002, clock.now().toISOString());
    const expected = (await start()).delivered.map((delivery) => delivery.eventVersion);

    expect(expected.length).toBeGreaterThan(0);
    expect(await scheduledFor(1002)).toEqual(expected);
    expect(expected).toEqual([...expected].sort((a, b) => a - b));
    expect(((await log.checkpoint())?.caughtUpTo ?? '') > restartedAt).toBe(true);

    // The next start finds the same deliveries in the log: nothing is scheduled a second time.
    clock.advance(60_000);
    const again = await start();
    expect(again.delivered.map((delivery) => delivery.deliveryId)).toEqual(expected.map((v) => `1002-${v}`));
    expect(await scheduledFor(1002)).toEqual(expected);
  });

  it('reads the history from its checkpoint less the window, through the index: older events are not read', async () => {
    await start();
    // Lost across a restart, scheduled by the next start: before its checkpoint less the window, so
    // never read again.
    for (let id = 2000; id < 2010; id++) await paymentAt(id, at(clock.now().toISOString(), 60_000));
    clock.advance(2 * CATCH_UP_WINDOW_MS);
    await start();
    expect((await scheduledFor(2000)).length).toBeGreaterThan(0);
    timeQueries.length = 0;
    const checkpoint = (await log.checkpoint())!.caughtUpTo;
    // Inside the window before the checkpoint, and after it.
    const inWindow = await paymentAt(3001, at(checkpoint, -CATCH_UP_WINDOW_MS / 2));
    const after = await paymentAt(3002, at(checkpoint, 1_000));
    clock.advance(60_000);

    const result = await start();

    expect(result.examined).toBe(inWindow.length + after.length);
    expect(timeQueries).toHaveLength(1);
    expect(timeQueries[0]).toMatchObject({ scan: false, examined: inWindow.length + after.length });
    expect(result.delivered.filter((delivery) => delivery.paymentId < 3000)).toEqual([]);
    expect((await scheduledFor(3001)).length).toBeGreaterThan(0);
    expect((await scheduledFor(3002)).length).toBeGreaterThan(0);
  });

  it('keeps the checkpoint at the first event it could not handle, and the next start schedules it', async () => {
    await start();
    const checkpoint = (await log.checkpoint())!.caughtUpTo;
    await paymentAt(4001, at(checkpoint, 1_000));
    const stranger = await paymentAt(4002, at(checkpoint, 5_000), 'merchant-2');
    await paymentAt(4003, at(checkpoint, 10_000));
    clock.advance(60_000);

    await start();

    const firstFailing = stranger.find((event) => event.version === 1)!;
    expect(await log.checkpoint()).toMatchObject({ caughtUpTo: firstFailing.occurredAt });
    expect(await scheduledFor(4002)).toEqual([]);
    expect((await scheduledFor(4003)).length).toBeGreaterThan(0);

    knownMerchants.add('merchant-2');
    clock.advance(60_000);
    await start();
    expect((await scheduledFor(4002)).length).toBeGreaterThan(0);
    expect(await log.checkpoint()).toMatchObject({ caughtUpTo: clock.now().toISOString() });
  });

  it("handles a stream's events in version order even when their times say otherwise", async () => {
    await start();
    const checkpoint = (await log.checkpoint())!.caughtUpTo;
    // A clock stepped back between two of the payment's events.
    await paymentAt(5001, checkpoint, merchantId, (i, count) => (count - i) * 1_000);
    clock.advance(60_000);

    const { delivered } = await start();

    const versions = delivered.map((delivery) => delivery.eventVersion);
    expect(versions.length).toBeGreaterThan(1);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('reads a checkpoint saved by position (before the upgrade) as caught up to its `since`', async () => {
    await log.close();
    await appendFile(log.path, `${JSON.stringify({ checkpoint: { position: 7, since: SINCE } })}\n`);
    log = new JsonlDeliveryLog(path.join(directory, 'deliveries'));
    await log.open();
    expect(await log.checkpoint()).toEqual({ since: SINCE, caughtUpTo: SINCE });
    await paymentAt(6001, at(SINCE, -2 * CATCH_UP_WINDOW_MS));
    await paymentAt(6002, at(SINCE, 1_000));

    await start();

    // Status changes before `since` predate the notifier: never delivered; those after it are.
    expect(await scheduledFor(6001)).toEqual([]);
    expect((await scheduledFor(6002)).length).toBeGreaterThan(0);
    expect(await log.checkpoint()).toEqual({ since: SINCE, caughtUpTo: clock.now().toISOString() });
  });
});
