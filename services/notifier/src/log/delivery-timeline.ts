import { compareDeliveries, type DeliveryCursor } from './delivery-keyset';

interface Entry extends DeliveryCursor {
  deliveryId: string;
}

/**
 * The embedded log's index for paging: each merchant's deliveries in the log's order, so a page is a
 * binary search to its cursor and a walk of its own length, whatever the merchant has in all.
 * Deliveries are scheduled at the clock's time, so an insert is almost always at the end.
 */
export class DeliveryTimeline {
  private readonly byMerchant = new Map<string, Entry[]>();

  add(delivery: Entry & { merchantId: string }): void {
    const entry: Entry = {
      createdAt: delivery.createdAt,
      paymentId: delivery.paymentId,
      eventVersion: delivery.eventVersion,
      deliveryId: delivery.deliveryId,
    };
    let entries = this.byMerchant.get(delivery.merchantId);
    if (!entries) this.byMerchant.set(delivery.merchantId, (entries = []));
    const last = entries[entries.length - 1];
    if (!last || compareDeliveries(last, entry) < 0) entries.push(entry);
    else entries.splice(firstNotBefore(entries, entry), 0, entry);
  }

  /** Delivery ids of the merchant from the cursor on (excluded): older ones newest first, or newer ones oldest first. */
  *walk(merchantId: string, cursor: DeliveryCursor | undefined, toward: 'older' | 'newer'): Iterable<string> {
    const entries = this.byMerchant.get(merchantId) ?? [];
    if (toward === 'older') {
      const start = cursor ? firstNotBefore(entries, cursor) - 1 : entries.length - 1;
      for (let i = start; i >= 0; i--) yield entries[i]!.deliveryId;
    } else {
      const start = cursor ? firstAfter(entries, cursor) : 0;
      for (let i = start; i < entries.length; i++) yield entries[i]!.deliveryId;
    }
  }
}

/** Index of the first entry not before `cursor` (entries.length when every one is before it). */
function firstNotBefore(entries: readonly Entry[], cursor: DeliveryCursor): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareDeliveries(entries[middle]!, cursor) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first entry after `cursor`. */
function firstAfter(entries: readonly Entry[], cursor: DeliveryCursor): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareDeliveries(entries[middle]!, cursor) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
