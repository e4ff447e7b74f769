import { toJsonNumber } from '@gw/domain';
import type { PlanDocument, SubscriptionDocument } from '@gw/views';
import { isoMillis } from '@gw/families';

export interface V1Subscription {
  id: number;
  subscription_plan_id: number;
  status: string;
  is_active: boolean;
  subscriber: { email: string };
  created_at: string;
  updated_at: string;
  expire_date: string;
}

export function toSubscriptionRecord(doc: SubscriptionDocument): V1Subscription {
  return {
    id: doc.subscriptionId,
    subscription_plan_id: doc.planId,
    status: doc.status.toUpperCase(),
    is_active: doc.isActive,
    subscriber: { email: doc.subscriberEmail },
    created_at: isoMillis(doc.createdAt),
    updated_at: isoMillis(doc.updatedAt),
    expire_date: isoMillis(doc.expireDate),
  };
}

export interface V1Plan {
  id: number;
  title: string;
  amount: number;
  currency: string;
  interval_day: number;
  success_url: string | null;
  cancel_url: string | null;
  partially_paid_url: string | null;
  ipn_callback_url: string | null;
  created_at: string;
  updated_at: string;
}

export function toPlanRecord(doc: PlanDocument): V1Plan {
  return {
    id: doc.planId,
    title: doc.title,
    amount: toJsonNumber(doc.amount),
    currency: doc.currency,
    interval_day: doc.intervalDay,
    success_url: doc.successUrl,
    cancel_url: doc.cancelUrl,
    partially_paid_url: doc.partiallyPaidUrl,
    ipn_callback_url: doc.ipnCallbackUrl,
    created_at: isoMillis(doc.createdAt),
    updated_at: isoMillis(doc.updatedAt),
  };
}
