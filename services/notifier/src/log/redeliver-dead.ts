import type { Delivery } from '../delivery/delivery';
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
  const dead: Delivery[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await log.find({ merchantId, state: 'dead', limit: PAGE, offset });
    dead.push(...page.deliveries);
    if (page.deliveries.length < PAGE) break;
  }
  const redelivered: string[] = [];
  for (const delivery of dead.reverse()) {
    await redeliver(delivery.deliveryId);
    redelivered.push(delivery.deliveryId);
  }
  return redelivered;
}
