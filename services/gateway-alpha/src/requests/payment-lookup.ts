import type { AlphaPaymentInfoInput } from '@gw/contracts/api/alpha';
import type { ReadModelCollection } from '@gw/store';
import type { PaymentDocument } from '@gw/views';
import { paymentNotFound } from '@gw/families';
import type { OrderRegistry } from './order-registry';

/**
 * POST /alpha/v1/payment/info: order_id wins over uuid, as upstream. A merchant sees its payments of
 * every family; another merchant's payment is "not found", exactly like one that does not exist.
 */
export async function findMerchantPayment(
  payments: ReadModelCollection<PaymentDocument>,
  orders: OrderRegistry,
  merchantId: string,
  input: AlphaPaymentInfoInput,
): Promise<PaymentDocument> {
  const orderId = input.order_id ?? null;
  if (orderId !== null) {
    const own = await orders.latest(merchantId, orderId);
    if (own) return own;
    const [other] = await payments.find({
      filter: { merchantId, orderId },
      sort: [['paymentId', -1]],
      limit: 1,
    });
    if (other) return other;
    throw paymentNotFound();
  }
  const uuid = (input.uuid ?? '').toLowerCase();
  const payment = await payments.findOne({ uuid });
  if (!payment || payment.merchantId !== merchantId) throw paymentNotFound();
  return payment;
}
