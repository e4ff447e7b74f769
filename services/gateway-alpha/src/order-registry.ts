import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cache } from '@gw/cache';
import type { ReadModelCollection } from '@gw/store';
import type { PaymentDocument } from '@gw/views';
import { AlphaError } from './alpha-errors';

const LOCK_TTL_MS = 30_000;
const LOCK_POLL_MS = 20;
/** Long enough for the projector to catch up with a payment just opened. */
const RECENT_TTL_MS = 5 * 60_000;

const lockKey = (merchantId: string, orderId: string) => `alpha:order-lock:${merchantId}:${orderId}`;
const recentKey = (merchantId: string, orderId: string) => `alpha:order-recent:${merchantId}:${orderId}`;
const recentUuidKey = (uuid: string) => `alpha:recent-payment:${uuid}`;

/**
 * Keeps `order_id` unique per merchant among family A payments. Opening is serialised per order through
 * a cache lock, and the payment just opened is remembered in the cache, so a retry arriving before the
 * projector wrote the read model still finds it instead of opening a second payment (and a lookup by
 * uuid right after creation finds it too).
 */
export class OrderRegistry {
  constructor(
    private readonly cache: Cache,
    private readonly payments: ReadModelCollection<PaymentDocument>,
    private readonly lockWaitMs: number,
  ) {}

  async exclusively<T>(merchantId: string, orderId: string, work: () => Promise<T>): Promise<T> {
    const key = lockKey(merchantId, orderId);
    const token = randomUUID();
    const deadline = Date.now() + this.lockWaitMs;
    // A lease, not a plain key: its release compares the owner atomically, so a holder that stalled past
    // the TTL never frees the lock its successor took.
    while (!(await this.cache.acquireLease(key, token, LOCK_TTL_MS))) {
      if (Date.now() >= deadline) {
        throw new AlphaError(409, {
          state: 1,
          message: 'A payment for this order_id is being created; retry shortly',
        });
      }
      await sleep(LOCK_POLL_MS);
    }
    try {
      return await work();
    } finally {
      await this.cache.releaseLease(key, token);
    }
  }

  /** The newest family A payment with this order_id, counting one opened moments ago. */
  async latest(merchantId: string, orderId: string): Promise<PaymentDocument | null> {
    const [stored] = await this.payments.find({
      filter: { merchantId, orderId, family: 'alpha' },
      sort: [['paymentId', -1]],
      limit: 1,
    });
    const raw = await this.cache.get(recentKey(merchantId, orderId));
    if (raw === null) return stored ?? null;
    const recent = JSON.parse(raw) as PaymentDocument;
    if (stored && stored.paymentId >= recent.paymentId) return stored;
    return (await this.payments.get(recent.id)) ?? recent;
  }

  /** A payment this gateway opened moments ago, while the read model may not show it yet. */
  async recent(uuid: string): Promise<PaymentDocument | null> {
    const raw = await this.cache.get(recentUuidKey(uuid));
    return raw === null ? null : (JSON.parse(raw) as PaymentDocument);
  }

  async remember(payment: PaymentDocument): Promise<void> {
    const serialized = JSON.stringify(payment);
    await this.cache.set(recentUuidKey(payment.uuid), serialized, RECENT_TTL_MS);
    if (payment.orderId !== null)
      await this.cache.set(recentKey(payment.merchantId, payment.orderId), serialized, RECENT_TTL_MS);
  }
}
