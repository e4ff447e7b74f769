import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { RouteTable } from './http/route-table';

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
  /** The routes served, to name requests refused before express matched one of them. */
  routes?: RouteTable;
}

/**
 * The label naming the service of the process on every series. Not `service`: the Prometheus Operator
 * sets that target label to the Kubernetes Service's name, and honorLabels off renames ours to
 * exported_service, so dashboards and alerts would find neither.
 */
export const SERVICE_LABEL = 'gateway_service';

/**
 * How often the event loop lag is sampled (node's monitorEventLoopDelay timer), in ms. prom-client's
 * 10 ms woke every process a hundred times a second for that alone: about 4 ms of CPU a second each,
 * the largest part of what an idle service burns (60 ms a second over the fleet of the engines). A
 * stalled loop delays the next sample by as long however often it samples, so lags that matter still
 * show; only stalls shorter than the interval can fall between two samples.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** One registry per service, labelled with the service name, so services sharing a process stay apart. */
export function createMetrics(service: string, options: MetricsOptions = {}): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ [SERVICE_LABEL]: service });
  if (options.collectDefaults ?? true)
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });

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
      const route = routeOfRequest(req, options.routes);
      res.once('close', () => {
        // 499: the client went away before the response was complete (the nginx convention).
        const status = res.writableFinished ? String(res.statusCode) : '499';
        stopTimer({ method: req.method, route: route(), status });
      });
      next();
    },
    metricsHandler: () => (_req, res, next) => {
      const served = options.serviceRegistries?.length
        ? mergedWithServiceLabel(service, [registry, ...options.serviceRegistries])
        : registry;
      served
        .metrics()
        .then((body) => res.setHeader('Content-Type', registry.contentType).send(body))
        .catch(next);
    },
  };
}

/** A merged registry has no default labels of its own: every series it serves gets the process's service again. */
function mergedWithServiceLabel(service: string, registries: Registry[]): Registry {
  const merged = Registry.merge(registries);
  merged.setDefaultLabels({ [SERVICE_LABEL]: service });
  return merged;
}

const routeRecorders = new WeakMap<Request, () => string>();

/**
 * The route template of a request, read once it is answered: the route that handled it, else the route
 * table's match for its path (a request refused before routing), else `<unmatched>`. Install before the
 * routes; the metrics and the request's span share one recorder.
 */
export function routeOfRequest(req: Request, routes?: RouteTable): () => string {
  const known = routeRecorders.get(req);
  if (known) return known;
  const matched = recordRouteTemplate(req);
  const route = () => matched() ?? routes?.templateOf(req.method, pathOf(req.originalUrl)) ?? UNMATCHED_ROUTE;
  routeRecorders.set(req, route);
  return route;
}

/**
 * `/v1/payment/:id` rather than `/v1/payment/5077125051`: the template of the route that handled the
 * request. It is read as express enters the route, while `req.baseUrl` is the route's own mount point:
 * once the response closes, an error handler mounted elsewhere (`router.use('/sandbox/v1', …)`) may
 * have left another base behind, and prefixing the route with it would name a path that does not exist.
 */
function recordRouteTemplate(req: Request): () => string | null {
  let route: unknown;
  let template: string | null = null;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: unknown) {
      route = value;
      template = templateOf(req.baseUrl, value);
    },
  });
  return () => template;
}

/** The path of the URL the client asked for: `req.path` loses the mount points of the routers it went through. */
const pathOf = (url: string) => url.split('?')[0]!.replace(/(.)\/+$/, '$1');

function templateOf(baseUrl: string, route: unknown): string | null {
  if (!route || typeof route !== 'object' || !('path' in route)) return null;
  const path = (route as { path: unknown }).path;
  return `${baseUrl}${path instanceof RegExp ? path.source : String(path)}`;
}
