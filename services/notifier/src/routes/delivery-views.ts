import type { Delivery, DeliveryAttempt } from '../delivery/delivery';

/** Admin API bodies: snake_case like the rest of the admin API. */
export interface DeliverySummaryView {
  delivery_id: string;
  merchant_id: string;
  payment_id: number;
  family: string;
  payment_status: string;
  webhook_status: string;
  url: string;
  state: string;
  attempt_count: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  dead_reason: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AttemptView {
  number: number;
  at: string;
  latency_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string;
}

export interface DeliveryDetailView extends DeliverySummaryView {
  body: string;
  headers: Record<string, string>;
  admin_redeliveries: number;
  merchant_resends: number;
  attempts: AttemptView[];
}

export function deliverySummaryView(delivery: Delivery): DeliverySummaryView {
  const last = delivery.attempts[delivery.attempts.length - 1];
  return {
    delivery_id: delivery.deliveryId,
    merchant_id: delivery.merchantId,
    payment_id: delivery.paymentId,
    family: delivery.family,
    payment_status: delivery.paymentStatus,
    webhook_status: delivery.webhookStatus,
    url: delivery.url,
    state: delivery.state,
    attempt_count: delivery.attemptCount,
    next_attempt_at: delivery.nextAttemptAt,
    delivered_at: delivery.deliveredAt,
    dead_reason: delivery.deadReason,
    last_status_code: last?.statusCode ?? null,
    last_error: last?.error ?? null,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
  };
}

const attemptView = (attempt: DeliveryAttempt): AttemptView => ({
  number: attempt.number,
  at: attempt.at,
  latency_ms: attempt.latencyMs,
  status_code: attempt.statusCode,
  error: attempt.error,
  response_body: attempt.responseBody,
});

export function deliveryDetailView(delivery: Delivery): DeliveryDetailView {
  return {
    ...deliverySummaryView(delivery),
    body: delivery.body,
    headers: delivery.headers,
    admin_redeliveries: delivery.adminRedeliveries,
    merchant_resends: delivery.merchantResends,
    attempts: delivery.attempts.map(attemptView),
  };
}
