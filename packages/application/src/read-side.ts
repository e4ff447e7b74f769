import type { ReadModelStore } from '@gw/store';
import {
  COLLECTIONS,
  type MerchantDocument,
  type PaymentDocument,
  type PlanDocument,
  type SubscriptionDocument,
} from '@gw/views';

/**
 * What the admin API and the use cases check existence and ownership against: the read models. Payments
 * writes a stream's document with each append, before it replies (read-your-writes, docs/architecture.md),
 * so an operator script that creates a merchant, then a plan, then a subscription finds each one the
 * moment its create was answered, without reading the event store.
 */
export class ReadSide {
  constructor(private readonly readModels: ReadModelStore) {}

  merchant(merchantId: string): Promise<MerchantDocument | null> {
    return this.readModels.collection<MerchantDocument>(COLLECTIONS.merchants).get(merchantId);
  }

  plan(planId: number): Promise<PlanDocument | null> {
    return this.readModels.collection<PlanDocument>(COLLECTIONS.plans).get(String(planId));
  }

  subscription(subscriptionId: number): Promise<SubscriptionDocument | null> {
    return this.readModels
      .collection<SubscriptionDocument>(COLLECTIONS.subscriptions)
      .get(String(subscriptionId));
  }

  /** The merchant whose payment this is, or null when there is no such payment. */
  async ownerOfPayment(paymentId: number): Promise<string | null> {
    const payment = await this.readModels
      .collection<PaymentDocument>(COLLECTIONS.payments)
      .get(String(paymentId));
    return payment?.merchantId ?? null;
  }
}
