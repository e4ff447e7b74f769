import type { Cache } from '@gw/cache';
import type { Logger } from 'pino';

export interface LeasedLoopOptions {
  /** The lease name: one holder across every replica runs the work. */
  lease: string;
  owner: string;
  intervalMs: number;
  leaseTtlMs: number;
  /** Wall-clock milliseconds for the status' timestamps (metrics). Default Date.now. */
  now?: () => number;
}

/** What one replica knows of its loop, for metrics: every replica reports, the holder alone passes. */
export interface LeaseStatus {
  /** Whether the last look at the lease found this instance holding it. */
  holding: boolean;
  /** When a pass of this instance last ended without an error (ms since the epoch); null: never. */
  lastSuccessAt: number | null;
}

/**
 * Runs `work` every interval while this instance holds the lease; a replica without it idles and takes
 * over once the holder stops renewing. A pass that throws is logged and the next one runs on time.
 * An idle replica is a healthy standby: whether the work gets done is the holder's to show, through
 * `status()` in metrics (a lease held nowhere, or no pass for long), never through readiness, which
 * only one replica could then pass.
 */
export class LeasedLoop<Result> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Result | null> | undefined;
  private stopped = true;
  private holding = false;
  private lastSuccessAt: number | null = null;

  constructor(
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly options: LeasedLoopOptions,
    private readonly work: () => Promise<Result>,
  ) {}

  /** Starts passing every interval, the first one after `firstPassInMs` (at once by default). */
  start(firstPassInMs = 0): void {
    this.stopped = false;
    this.schedule(firstPassInMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.cache.releaseLease(this.options.lease, this.options.owner).catch(() => undefined);
    this.holding = false;
  }

  status(): LeaseStatus {
    return { holding: this.holding, lastSuccessAt: this.lastSuccessAt };
  }

  /**
   * One pass now, after any pass in flight (passes never overlap, and a caller always gets a pass that
   * started after its call). Null when another instance holds the lease.
   */
  runOnce(): Promise<Result | null> {
    const next = (this.running ?? Promise.resolve(null)).then(() => this.pass());
    const settled: Promise<Result | null> = next
      .catch(() => null)
      .finally(() => {
        if (this.running === settled) this.running = undefined;
      });
    this.running = settled;
    return next;
  }

  private async pass(): Promise<Result | null> {
    // A lease that cannot be read (Redis away) is not held: the work waits for the next look.
    this.holding = false;
    this.holding = await this.cache.acquireLease(
      this.options.lease,
      this.options.owner,
      this.options.leaseTtlMs,
    );
    if (!this.holding) return null;
    const result = await this.work();
    this.lastSuccessAt = (this.options.now ?? Date.now)();
    return result;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((error: unknown) =>
          this.logger.error({ err: error, lease: this.options.lease }, 'periodic pass failed'),
        )
        .finally(() => {
          if (!this.stopped) this.schedule(this.options.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
