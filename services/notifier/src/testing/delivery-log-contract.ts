import type { DeliveryAttempt, NewDelivery } from '../delivery/delivery';
import { UnknownDeliveryError, type DeliveryLog } from '../log/delivery-log';

/**
 * What every DeliveryLog adapter must do, run against the JSONL log in unit tests and against MongoDB
 * in integration tests. `openLog` returns an empty, opened log; `reopen` (when the adapter is durable
 * across processes) closes it and opens the same storage again.
 */
export interface DeliveryLogHarness {
  openLog(): Promise<DeliveryLog>;
  reopen(log: DeliveryLog): Promise<DeliveryLog>;
  cleanup(): Promise<void>;
}

export function newDelivery(overrides: Partial<NewDelivery> = {}): NewDelivery {
  const paymentId = overrides.paymentId ?? 1001;
  const eventVersion = overrides.eventVersion ?? 1;
  return {
    deliveryId: `${paymentId}-${eventVersion}`,
    merchantId: 'merchant-1',
    paymentId,
    family: 'v1',
    eventVersion,
    paymentStatus: 'waiting',
    webhookStatus: 'waiting',
    url: 'https://shop.example/ipn',
    body: '{"payment_id":1001}',
    headers: { 'content-type': 'application/json' },
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export const attempt = (
  number: number,
  statusCode: number | null,
  at = '2026-01-01T10:00:01.000Z',
): DeliveryAttempt => ({
  number,
  at,
  latencyMs: 12,
  statusCode,
  error: statusCode === null ? 'connect ECONNREFUSED' : null,
  responseBody: statusCode === null ? '' : 'nope',
});

export function describeDeliveryLogContract(name: string, makeHarness: () => DeliveryLogHarness): void {
  describe(`DeliveryLog contract: ${name}`, () => {
    let harness: DeliveryLogHarness;
    let log: DeliveryLog;

    beforeEach(async () => {
      harness = makeHarness();
      log = await harness.openLog();
    });
    afterEach(async () => {
      await log.close();
      await harness.cleanup();
    });

    it('schedules a delivery as pending and due at once, and ignores a second schedule of the same id', async () => {
      const first = await log.append({ type: 'DeliveryScheduled', delivery: newDelivery() });
      expect(first).toMatchObject({
        state: 'pending',
        attemptCount: 0,
        nextAttemptAt: '2026-01-01T10:00:00.000Z',
      });
      const again = await log.append({
        type: 'DeliveryScheduled',
        delivery: newDelivery({ body: 'different' }),
      });
      expect(again.body).toBe('{"payment_id":1001}');
      expect((await log.find({ limit: 10, offset: 0 })).total).toBe(1);
    });

    it('records failed attempts with the next attempt time, then delivery', async () => {
      await log.append({ type: 'DeliveryScheduled', delivery: newDelivery() });
      await log.append({
        type: 'AttemptFailed',
        deliveryId: '1001-1',
        attempt: attempt(1, 500),
        nextAttemptAt: '2026-01-01T10:00:11.000Z',
      });
      const retrying = await log.get('1001-1');
      expect(retrying).toMatchObject({
        state: 'pending',
        attemptCount: 1,
        cycleAttempts: 1,
        nextAttemptAt: '2026-01-01T10:00:11.000Z',
      });
      const delivered = await log.append({
        type: 'Delivered',
        deliveryId: '1001-1',
        attempt: attempt(2, 200, '2026-01-01T10:00:11.000Z'),
      });
      expect(delivered).toMatchObject({
        state: 'delivered',
        attemptCount: 2,
        nextAttemptAt: null,
        deliveredAt: '2026-01-01T10:00:11.000Z',
      });
      expect(delivered.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    });

    it('ignores an attempt it has already recorded (a replayed duplicate)', async () => {
      await log.append({ type: 'DeliveryScheduled', delivery: newDelivery() });
      await log.append({
        type: 'AttemptFailed',
        deliveryId: '1001-1',
        attempt: attempt(1, 500),
        nextAttemptAt: '2026-01-01T10:00:11.000Z',
      });
      const again = await log.append({
        type: 'AttemptFailed',
        deliveryId: '1001-1',
        attempt: attempt(1, 500),
        nextAttemptAt: '2026-01-01T10:00:12.000Z',
      });
      expect(again).toMatchObject({ attemptCount: 1, nextAttemptAt: '2026-01-01T10:00:11.000Z' });
    });

    it('dead-letters, and a redelivery starts a new cycle counted by origin', async () => {
      await log.append({ type: 'DeliveryScheduled', delivery: newDelivery() });
      await log.append({
        type: 'DeadLettered',
        deliveryId: '1001-1',
        attempt: attempt(1, null),
        reason: 'gave up',
      });
      expect(await log.get('1001-1')).toMatchObject({ state: 'dead', deadReason: 'gave up' });
      const redelivered = await log.append({
        type: 'RedeliveryRequested',
        deliveryId: '1001-1',
        at: '2026-01-02T00:00:00.000Z',
        origin: 'admin',
      });
      expect(redelivered).toMatchObject({
        state: 'pending',
        cycleAttempts: 0,
        attemptCount: 1,
        adminRedeliveries: 1,
        nextAttemptAt: '2026-01-02T00:00:00.000Z',
      });
      expect(await log.pending()).toHaveLength(1);
    });

    it('refuses events for a delivery it does not know', async () => {
      await expect(
        log.append({ type: 'Delivered', deliveryId: 'nope-1', attempt: attempt(1, 200) }),
      ).rejects.toThrow(UnknownDeliveryError);
    });

    it('finds by merchant, state and payment, newest first, with a total for paging', async () => {
      for (let i = 1; i <= 5; i++) {
        await log.append({
          type: 'DeliveryScheduled',
          delivery: newDelivery({
            paymentId: 2000 + i,
            merchantId: i % 2 ? 'odd' : 'even',
            createdAt: `2026-01-01T10:00:0${i}.000Z`,
          }),
        });
      }
      await log.append({ type: 'DeadLettered', deliveryId: '2003-1', attempt: attempt(1, 500), reason: 'x' });
      const odd = await log.find({ merchantId: 'odd', limit: 2, offset: 0 });
      expect(odd.total).toBe(3);
      expect(odd.deliveries.map((d) => d.paymentId)).toEqual([2005, 2003]);
      expect(
        (await log.find({ merchantId: 'odd', limit: 2, offset: 2 })).deliveries.map((d) => d.paymentId),
      ).toEqual([2001]);
      expect(
        (await log.find({ state: 'dead', limit: 10, offset: 0 })).deliveries.map((d) => d.deliveryId),
      ).toEqual(['2003-1']);
      expect((await log.find({ paymentId: 2004, limit: 10, offset: 0 })).total).toBe(1);
      expect((await log.pending()).map((d) => d.deliveryId).sort()).toEqual([
        '2001-1',
        '2002-1',
        '2004-1',
        '2005-1',
      ]);
    });

    describe('pages by keyset', () => {
      const schedule = (paymentId: number, createdAt: string, overrides: Partial<NewDelivery> = {}) =>
        log.append({
          type: 'DeliveryScheduled',
          delivery: newDelivery({ paymentId, createdAt, merchantId: 'keyset', ...overrides }),
        });
      const ids = (page: { deliveries: { paymentId: number; eventVersion: number }[] }) =>
        page.deliveries.map((d) => `${d.paymentId}-${d.eventVersion}`);

      beforeEach(async () => {
        // Seven deliveries; three share a second (told apart by payment, then version), one out of order.
        await schedule(3001, '2026-01-01T10:00:01.000Z');
        await schedule(3002, '2026-01-01T10:00:02.000Z');
        await schedule(3003, '2026-01-01T10:00:02.000Z');
        await schedule(3003, '2026-01-01T10:00:02.000Z', { eventVersion: 2 });
        await schedule(3005, '2026-01-01T10:00:04.000Z');
        await schedule(3004, '2026-01-01T10:00:03.000Z');
        await schedule(3006, '2026-01-01T10:00:05.000Z', { merchantId: 'other' });
        await schedule(3007, '2026-01-01T10:00:06.000Z');
      });

      it('walks a merchant’s deliveries newest first, and back', async () => {
        const first = await log.page({ merchantId: 'keyset', limit: 3 });
        expect(ids(first)).toEqual(['3007-1', '3005-1', '3004-1']);
        expect(first.newer).toBeNull();
        const second = await log.page({ merchantId: 'keyset', limit: 3, before: first.older! });
        expect(ids(second)).toEqual(['3003-2', '3003-1', '3002-1']);
        const last = await log.page({ merchantId: 'keyset', limit: 3, before: second.older! });
        expect(ids(last)).toEqual(['3001-1']);
        expect(last.older).toBeNull();
        const back = await log.page({ merchantId: 'keyset', limit: 3, after: last.newer! });
        expect(ids(back)).toEqual(ids(second));
        const top = await log.page({ merchantId: 'keyset', limit: 3, after: back.newer! });
        expect(ids(top)).toEqual(ids(first));
        expect(top.newer).toBeNull();
      });

      it('keeps a page’s deliveries when newer ones arrive', async () => {
        const first = await log.page({ merchantId: 'keyset', limit: 3 });
        await schedule(3008, '2026-01-01T10:00:07.000Z');
        await schedule(3009, '2026-01-01T10:00:08.000Z');
        const second = await log.page({ merchantId: 'keyset', limit: 3, before: first.older! });
        expect(ids(second)).toEqual(['3003-2', '3003-1', '3002-1']);
      });

      it('pages within a state or a payment', async () => {
        await log.append({
          type: 'DeadLettered',
          deliveryId: '3002-1',
          attempt: attempt(1, 500),
          reason: 'x',
        });
        await log.append({
          type: 'DeadLettered',
          deliveryId: '3005-1',
          attempt: attempt(1, 500),
          reason: 'x',
        });
        const dead = await log.page({ merchantId: 'keyset', state: 'dead', limit: 1 });
        expect(ids(dead)).toEqual(['3005-1']);
        const older = await log.page({ merchantId: 'keyset', state: 'dead', limit: 1, before: dead.older! });
        expect(ids(older)).toEqual(['3002-1']);
        expect(older.older).toBeNull();
        expect(ids(await log.page({ merchantId: 'keyset', paymentId: 3003, limit: 5 }))).toEqual([
          '3003-2',
          '3003-1',
        ]);
        expect(ids(await log.page({ merchantId: 'other', paymentId: 3003, limit: 5 }))).toEqual([]);
      });
    });

    it('lists a payment’s deliveries in status-change order', async () => {
      for (const version of [3, 1, 2]) {
        await log.append({ type: 'DeliveryScheduled', delivery: newDelivery({ eventVersion: version }) });
      }
      expect((await log.ofPayment(1001)).map((d) => d.eventVersion)).toEqual([1, 2, 3]);
    });

    it('keeps deliveries, attempts and the checkpoint across a reopen', async () => {
      expect(await log.checkpoint()).toBeNull();
      await log.append({ type: 'DeliveryScheduled', delivery: newDelivery() });
      await log.append({
        type: 'AttemptFailed',
        deliveryId: '1001-1',
        attempt: attempt(1, 503),
        nextAttemptAt: '2026-01-01T10:00:11.000Z',
      });
      await log.saveCheckpoint({ since: '2026-01-01T00:00:00.000Z', caughtUpTo: '2026-01-02T00:00:00.000Z' });
      log = await harness.reopen(log);
      expect(await log.get('1001-1')).toMatchObject({
        state: 'pending',
        attemptCount: 1,
        nextAttemptAt: '2026-01-01T10:00:11.000Z',
      });
      expect(await log.checkpoint()).toEqual({
        since: '2026-01-01T00:00:00.000Z',
        caughtUpTo: '2026-01-02T00:00:00.000Z',
      });
    });
  });
}
