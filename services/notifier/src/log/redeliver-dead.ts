import type { Delivery } from '../delivery/delivery';
import type { DeliveryCursor } from './delivery-keyset';
import type { DeliveryLog } from './delivery-log';

const PAGE = 500;

/**
 * Sends every dead delivery of a merchant again, oldest first; returns their ids. Collects first, then
 * redelivers: a delivery that dies again at once must not be picked up twice.
 */
export async function redeliverDead(
  log: DeliveryLog,
  merchantId: string,
  redeliver: (deliveryId: string) => Promise<Delivery>,
): Promise<string[]> {
  // By keyset, not offset: a dead delivery another request sends again meanwhile would shift every
  // later offset by one and a dead one would be skipped; and each offset page rescans the ones before.
  const dead: Delivery[] = [];
  let before: DeliveryCursor | undefined;
  do {
    const page = await log.page({ merchantId, state: 'dead', limit: PAGE, ...(before && { before }) });
    dead.push(...page.deliveries);
    before = page.older ?? undefined;
  } while (before);
  const redelivered: string[] = [];
  for (const delivery of dead.reverse()) {
    await redeliver(delivery.deliveryId);
    redelivered.push(delivery.deliveryId);
  }
  return redelivered;
}
