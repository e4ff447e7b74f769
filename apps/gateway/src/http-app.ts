import express, { type Express, type Router } from 'express';
import { accessLog, createHealth, createMetrics, noCors, requestId, type ReadinessCheck } from '@gw/platform';
import type { Logger } from 'pino';

export interface HttpAppParts {
  serviceName: string;
  logger: Logger;
  routers: Router[];
  readinessChecks: Record<string, ReadinessCheck>;
}

/**
 * The express app of a process: request ids and access logs, metrics, health, then the routers of
 * the services it runs. Each family's router carries its own body parsing and error handler.
 */
export function createHttpApp({ serviceName, logger, routers, readinessChecks }: HttpAppParts) {
  const app: Express = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const metrics = createMetrics(serviceName);
  const health = createHealth({ checks: readinessChecks, logger });
  app.use(requestId({ logger }));
  app.use(accessLog({ logger }));
  app.use(metrics.httpMetrics());
  app.use(noCors());
  app.use(health.router);
  app.get('/metrics', metrics.metricsHandler());
  for (const router of routers) app.use(router);
  app.use((_req, res) => {
    res.status(404).json({ statusCode: 404, error: 'Not Found', message: 'No such endpoint' });
  });
  return { app, health };
}
