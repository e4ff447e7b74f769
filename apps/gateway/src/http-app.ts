import { STATUS_CODES } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type Router } from 'express';
import {
  accessLog,
  createHealth,
  createMetrics,
  httpErrorOf,
  noCors,
  requestId,
  requestSpans,
  routesOf,
  RouteTable,
  type MetricsRegistry,
  type ReadinessCheck,
} from '@gw/platform';
import type { Logger } from 'pino';
import { serviceForPath } from './routing';

/** A service's router, with the service name the route table (routing.ts) sends paths to. */
export interface ServiceRouter {
  service: string;
  router: Router;
}

export interface HttpAppParts {
  serviceName: string;
  logger: Logger;
  routers: ServiceRouter[];
  readinessChecks: Record<string, ReadinessCheck>;
  /** Express's `trust proxy` (TRUST_PROXY): which X-Forwarded-For hops name the client. */
  trustProxy?: false | number | string[];
  /** The services' own metrics, served on /metrics with the HTTP ones. */
  serviceRegistries?: MetricsRegistry[];
}

/**
 * The express app of a process: request ids and access logs, health and /metrics (neither traced nor
 * counted as traffic), then spans and HTTP metrics, then the router of the
 * service the route table gives the path to, as the Ingress does when each service runs apart. Each
 * family's router carries its own body parsing and error handler. Going straight to one router, rather
 * than through every service's router in turn, keeps a request's routing cost independent of how many
 * services share the process.
 */
export function createHttpApp({
  serviceName,
  logger,
  routers,
  readinessChecks,
  trustProxy = false,
  serviceRegistries = [],
}: HttpAppParts) {
  const app: Express = express();
  app.set('trust proxy', trustProxy);
  app.disable('x-powered-by');
  app.set('etag', false);
  const routes = new RouteTable(routers.flatMap(({ router }) => routesOf(router)));
  const metrics = createMetrics(serviceName, { serviceRegistries, routes });
  const health = createHealth({ checks: readinessChecks, logger });
  app.use(requestId({ logger }));
  app.use(accessLog({ logger }));
  app.use(noCors());
  // Probes and scrapes come before the request spans and the HTTP metrics: a kubelet probing every few
  // seconds and Prometheus scraping would fill the traces and dilute the 5xx ratio with their traffic.
  app.use(health.router);
  app.get('/metrics', metrics.metricsHandler());
  app.use(requestSpans(routes));
  app.use(metrics.httpMetrics());
  const routerOf = new Map(routers.map(({ service, router }) => [service, router]));
  app.use((req, res, next) => {
    const service = serviceForPath(req.path);
    const router = service === null ? undefined : routerOf.get(service);
    if (router) router(req, res, next);
    else next();
  });
  app.use((_req, res) => {
    res.status(404).json({ statusCode: 404, error: 'Not Found', message: 'No such endpoint' });
  });
  app.use(lastErrorHandler(logger));
  return { app, health };
}

/** What no service's own handler answered (a path outside every family): JSON, never express's HTML page. */
function lastErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const httpError = httpErrorOf(error);
    const status = httpError?.status ?? 500;
    if (!httpError) (req.log ?? logger).error({ err: error }, 'request failed outside every service');
    res.status(status).json({
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message: httpError?.expose ? httpError.message : 'Internal server error',
    });
  };
}
