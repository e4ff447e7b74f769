import { randomUUID } from 'node:crypto';
import { leaseMetrics } from '@gw/platform';
import type { Service, ServiceContext } from '@gw/application';
import { LeasedLoop } from '@gw/application';
import { PaymentExpiry, type ExpiryPass } from './payment-expiry';

export const SCHEDULER_LEASE = 'scheduler';

export interface SchedulerOptions {
  /** Pause between expiry passes. Default 5 s. */
  intervalMs?: number;
  /** How long the lease outlives a silent holder before another replica takes over. Default 3 intervals. */
  leaseTtlMs?: number;
  batchSize?: number;
  instanceId?: string;
}

export interface SchedulerService extends Service {
  /** One expiry pass now, for tests and operators; null when another replica holds the lease. */
  runOnce(): Promise<ExpiryPass | null>;
}

/** Expires waiting payments once their lifetime is over, as a singleton loop behind the `scheduler` lease. */
export function createSchedulerService(
  ctx: ServiceContext,
  options: SchedulerOptions = {},
): SchedulerService {
  const intervalMs = options.intervalMs ?? 5_000;
  const { logger } = ctx;
  const expiry = new PaymentExpiry(ctx.readModels, ctx.commands, ctx.clock, logger, options.batchSize);
  const loop = new LeasedLoop(
    ctx.cache,
    logger,
    {
      lease: SCHEDULER_LEASE,
      owner: options.instanceId ?? randomUUID(),
      intervalMs,
      leaseTtlMs: options.leaseTtlMs ?? 3 * intervalMs,
    },
    async () => {
      const pass = await expiry.expireDue();
      if (pass.due > 0) logger.info(pass, 'expiry pass');
      return pass;
    },
  );
  return {
    name: 'scheduler',
    async start() {
      loop.start();
    },
    stop: () => loop.stop(),
    runOnce: () => loop.runOnce(),
    // Every replica is Ready; whether expiry runs anywhere shows here (and in its alert).
    metrics: leaseMetrics({
      prefix: 'scheduler',
      pass: 'pass',
      what: 'the payment expiry scheduler',
      labelNames: [],
      works: () => [{ labels: {}, status: () => loop.status() }],
    }),
  };
}
