import type { Router } from 'express';
import type { Degraded, MetricsRegistry } from '@gw/platform';

/**
 * A deployable unit. Every service starts and stops on its own; HTTP services also expose a router
 * that the runner mounts (alone, or beside every other service in the all-in-one process).
 */
export interface Service {
  readonly name: string;
  start(): Promise<void>;
  /** Stops taking new work, drains what is in flight, commits positions. */
  stop(): Promise<void>;
  /**
   * Ends the responses it keeps open (server-sent events) and refuses new ones. Called before the HTTP
   * server drains, which would otherwise wait for them until its deadline.
   */
  endStreams?(): void;
  readonly router?: Router;
  /**
   * Readiness checks beyond "started", e.g. a dependency answering; one may resolve with `degraded()`
   * to report, without failing readiness, what an operator must look at.
   */
  readonly readinessChecks?: Record<string, () => Promise<void | Degraded>>;
  /** The service's own metrics, served on `/metrics` beside the process's HTTP metrics. */
  readonly metrics?: MetricsRegistry;
}
