import { Counter, Registry } from 'prom-client';

/**
 * The requests the rate limiters of a process refused, by API family: one counter for every family's
 * limiter, so services sharing a process serve one series each, not one metric each.
 */
export class RateLimitRefusals {
  readonly registry = new Registry();
  private readonly refused = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 by the rate limit, by API family',
    labelNames: ['family'] as const,
    registers: [this.registry],
  });

  count(family: string): void {
    this.refused.inc({ family });
  }
}
