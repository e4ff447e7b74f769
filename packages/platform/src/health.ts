import { Router } from 'express';
import type { Logger } from 'pino';

/**
 * Resolves when the dependency is usable; rejects (or exceeds the timeout) when it is not. Resolving
 * with `degraded(...)` says it is usable but something needs an operator (e.g. commits set aside).
 */
export type ReadinessCheck = () => Promise<unknown>;

/** What a check resolves with when the service can go on serving but an operator must look. */
export interface Degraded {
  degraded: Record<string, number>;
}

/** Counts only: the report may be reachable from outside, so it names no records and no reasons. */
export const degraded = (counts: Record<string, number>): Degraded => ({ degraded: counts });

const isDegraded = (value: unknown): value is Degraded =>
  typeof value === 'object' && value !== null && typeof (value as Degraded).degraded === 'object';

export interface CheckResult {
  /** `degraded` still counts as ready: the service serves, with something set aside for an operator. */
  status: 'up' | 'degraded' | 'down';
  durationMs: number;
  /** With `degraded`: what is set aside, as counts. */
  detail?: Record<string, number>;
}

export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  draining: boolean;
  checks: Record<string, CheckResult>;
}

export interface HealthOptions {
  checks?: Record<string, ReadinessCheck>;
  /** Per-check limit; a check slower than this counts as down. Default 2 s. */
  timeoutMs?: number;
  /** Failure reasons are logged, not returned, because the endpoint may be reachable from outside. */
  logger?: Logger;
}

export interface Health {
  /** Serves GET /health/live and GET /health/ready. */
  router: Router;
  addCheck(name: string, check: ReadinessCheck): void;
  /** Readiness fails from now on, so the load balancer stops sending traffic before the process stops. */
  markDraining(): void;
  checkReadiness(): Promise<ReadinessReport>;
}

export function createHealth(options: HealthOptions = {}): Health {
  const checks = new Map(Object.entries(options.checks ?? {}));
  const timeoutMs = options.timeoutMs ?? 2_000;
  let draining = false;

  const runCheck = async (name: string, check: ReadinessCheck): Promise<CheckResult> => {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const outcome = await Promise.race([Promise.resolve().then(check), timeout]);
      const durationMs = Date.now() - started;
      if (isDegraded(outcome)) return { status: 'degraded', durationMs, detail: outcome.degraded };
      return { status: 'up', durationMs };
    } catch (error) {
      options.logger?.warn({ check: name, err: error }, 'readiness check failed');
      return { status: 'down', durationMs: Date.now() - started };
    } finally {
      clearTimeout(timer);
    }
  };

  const checkReadiness = async (): Promise<ReadinessReport> => {
    const entries = await Promise.all(
      [...checks].map(async ([name, check]) => [name, await runCheck(name, check)] as const),
    );
    const allUp = entries.every(([, result]) => result.status !== 'down');
    return {
      status: allUp && !draining ? 'ready' : 'not_ready',
      draining,
      checks: Object.fromEntries(entries),
    };
  };

  const router = Router();
  router.get('/health/live', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'alive' });
  });
  router.get('/health/ready', (_req, res, next) => {
    checkReadiness()
      .then((report) => {
        res.setHeader('Cache-Control', 'no-store');
        res.status(report.status === 'ready' ? 200 : 503).json(report);
      })
      .catch(next);
  });

  return {
    router,
    addCheck: (name, check) => {
      checks.set(name, check);
    },
    markDraining: () => {
      draining = true;
    },
    checkReadiness,
  };
}
