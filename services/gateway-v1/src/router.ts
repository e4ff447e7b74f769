import { parseBody } from '@gw/platform';
import { idempotency, MerchantDirectory, rateLimit, type ServiceContext } from '@gw/application';
import { Router } from 'express';
import { merchantOf, requireMerchant, v1Caller } from './http/auth';
import { notFound, v1TooManyRequests } from '@gw/families';
import { idempotencyError, sendV1Error, v1ErrorHandler } from './http/errors';
import { catalogueRoutes } from './routes/catalogue.routes';
import type { V1RouteDeps } from './routes/deps';
import { invoiceRoutes } from './routes/invoice.routes';
import { paymentRoutes } from './routes/payment.routes';
import { subscriptionRoutes } from './routes/subscription.routes';

/**
 * Every V1 endpoint under /v1, with the family's single error handler. Unknown /v1 paths answer 404 in
 * the same error shape; paths outside /v1 are left to the other services.
 */
export function createV1Router(ctx: ServiceContext): Router {
  const directory = new MerchantDirectory(ctx.readModels, ctx.secrets);
  const callerOf = v1Caller(directory);
  const deps: V1RouteDeps = {
    ctx,
    directory,
    auth: requireMerchant(callerOf),
    body: parseBody({ limitBytes: ctx.config.bodyLimitBytes, accept: ['json', 'form'] }),
    idempotent: idempotency({
      cache: ctx.idempotencyRecords,
      scopeOf: (_req, res) => `v1:${merchantOf(res).merchantId}`,
      renderError: (_req, res, failure) => sendV1Error(res, idempotencyError(failure)),
      // A duplicate waits as long as the first attempt may take; the lock outlives the slowest attempt.
      waitMs: ctx.config.requestTimeoutMs,
      lockTtlMs: 2 * ctx.config.requestTimeoutMs + 5_000,
      onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'idempotency store failed'),
    }),
  };

  const limited = rateLimit({
    cache: ctx.cache,
    refusals: ctx.rateLimitRefusals,
    clock: ctx.clock,
    family: 'v1',
    limitPerMinute: ctx.config.rateLimitsPerMinute.v1,
    merchantIdOf: async (req) => (await callerOf(req))?.merchantId ?? null,
    renderRejection: (_req, res, rejection) => sendV1Error(res, v1TooManyRequests(rejection)),
    onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'rate limit store failed'),
  });

  const v1 = Router();
  v1.use(limited, catalogueRoutes(deps), paymentRoutes(deps), invoiceRoutes(deps), subscriptionRoutes(deps));
  v1.use((req, _res, next) =>
    next(notFound(`No such endpoint: ${req.method} ${req.originalUrl.split('?')[0]}`)),
  );
  v1.use(v1ErrorHandler(ctx.logger));

  const router = Router();
  router.use('/v1', v1);
  return router;
}
