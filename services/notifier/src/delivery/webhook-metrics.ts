import { Histogram, Registry } from 'prom-client';
import type { PostResult } from '../http/webhook-client';
import type { Delivery } from './delivery';
import type { DeliveryStep } from './process-manager';

/** What an attempt led to: the webhook delivered, the delivery given up, or another attempt scheduled. */
function outcomeOf(step: DeliveryStep): 'delivered' | 'dead' | 'retry' {
  if (step.kind === 'Complete') return 'delivered';
  if (step.kind === 'GiveUp') return 'dead';
  return 'retry';
}

/** Webhook attempts by family and outcome, with the time each HTTP exchange took. */
export class WebhookMetrics {
  readonly registry = new Registry();
  private readonly attempts = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Webhook delivery attempts by family and outcome (delivered, retry, dead), with their HTTP latency',
    labelNames: ['family', 'outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  onAttempt(delivery: Delivery, result: PostResult, step: DeliveryStep): void {
    this.attempts.observe(
      { family: delivery.family, outcome: outcomeOf(step) },
      Math.max(0, result.latencyMs) / 1000,
    );
  }
}
