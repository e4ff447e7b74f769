import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cache } from '@gw/cache';
import type { ReadModelCollection } from '@gw/store';
import type { PaymentDocument } from '@gw/views';
import { AlphaError } from '@gw/families';

const LOCK_TTL_MS = 30_000;
const LOCK_POLL_MS = 20;

const lockKey = (merchantId: string, orderId: string) => `alpha:order-lock:${merchantId}:${orderId}`;

/**
 * Keeps `order_id` unique per merchant among family A payments. Opening is serialised per order through
 * a cache lock; a retry that gets the lock next finds the payment just opened in the read model, which
 * payments writes before it acknowledges the create.
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

  /** The newest family A payment with this order_id. */
  async latest(merchantId: string, orderId: string): Promise<PaymentDocument | null> {
    const [stored] = await this.payments.find({
      filter: { merchantId, orderId, family: 'alpha' },
      sort: [['paymentId', -1]],
      limit: 1,
    });
    return stored ?? null;
  }
}
