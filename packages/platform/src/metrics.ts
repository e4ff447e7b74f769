import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** A prom-client registry: what a service hands the process to serve on /metrics. */
export type MetricsRegistry = Registry;

export interface ServiceMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  /** Times every request; install before the routes. */
  httpMetrics(): RequestHandler;
  /** Serves the registry in the Prometheus text format. */
  metricsHandler(): RequestHandler;
}

/** Label for requests no route matched, so scanners probing random paths cannot explode the label set. */
export const UNMATCHED_ROUTE = '<unmatched>';

export interface MetricsOptions {
  /** Process metrics (CPU, memory, event loop lag, GC). Default true. */
  collectDefaults?: boolean;
  /** Registries of the services in the process (chain watchers…), served with this one. */
  serviceRegistries?: Registry[];
}

/** One registry per service, labelled with the service name, so services sharing a process stay apart. */
export function createMetrics(service: string, options: MetricsOptions = {}): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (options.collectDefaults ?? true) collectDefaultMetrics({ register: registry });

  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  return {
    registry,
    httpRequestDuration,
    httpMetrics: () => (req, res, next) => {
      const stopTimer = httpRequestDuration.startTimer();
      res.once('close', () => {
        // 499: the client went away before the response was complete (the nginx convention).
        const status = res.writableFinished ? String(res.statusCode) : '499';
        stopTimer({ method: req.method, route: routeTemplate(req), status });
      });
      next();
    },
    metricsHandler: () => (_req, res, next) => {
      const served = options.serviceRegistries?.length
        ? Registry.merge([registry, ...options.serviceRegistries])
        : registry;
      served
        .metrics()
        .then((body) => res.setHeader('Content-Type', registry.contentType).send(body))
        .catch(next);
    },
  };
}

/** `/v1/payment/:id` rather than `/v1/payment/5077125051`: the template the route was declared with. */
export function routeTemplate(req: Request): string {
  const route: unknown = req.route;
  if (!route || typeof route !== 'object' || !('path' in route)) return UNMATCHED_ROUTE;
  const path = (route as { path: unknown }).path;
  return `${req.baseUrl}${path instanceof RegExp ? path.source : String(path)}`;
}
