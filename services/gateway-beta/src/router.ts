import { bareJsonContentType } from '@gw/platform';
import { idempotency, MerchantDirectory, rateLimit, type ServiceContext } from '@gw/application';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { Router } from 'express';
import { authenticateBeta, betaCaller, merchantOf } from './http/auth';
import { betaErrorHandler, sendBetaError } from './http/envelope';
import { BetaError, betaTooManyRequests, betaUnknownEndpoint } from '@gw/families';
import { catalogueRoutes } from './routes/catalogue.routes';
import { custodialRoutes } from './routes/custodial.routes';
import { merchantCoinsRoutes } from './routes/merchant-coins.routes';
import type { BetaRouteDeps } from './routes/deps';
import { paymentRoutes } from './routes/payment.routes';
import { whiteLabelRoutes } from './routes/white-label.routes';
import { staticAddressRoutes } from './routes/static-address.routes';

/**
 * Every family B endpoint under /beta/v1, with the family's one error handler; any other /beta/v1 path
 * answers 404 in the family's envelope, as upstream does for unknown endpoints.
 */
export function createBetaRouter(ctx: ServiceContext): Router {
  const directory = new MerchantDirectory(ctx.readModels, ctx.secrets);
  const callerOf = betaCaller(directory);
  const deps: BetaRouteDeps = {
    ctx,
    directory,
    payments: ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments),
    auth: authenticateBeta(callerOf),
    idempotent: idempotency({
      cache: ctx.idempotencyRecords,
      scopeOf: (_req, res) => `beta:${merchantOf(res).merchantId}`,
      renderError: (_req, res, failure) =>
        sendBetaError(
          res,
          new BetaError(failure.status, 'validation_error', 'Idempotency-Key', failure.message),
        ),
      waitMs: ctx.config.requestTimeoutMs,
      lockTtlMs: 2 * ctx.config.requestTimeoutMs + 5_000,
      onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'idempotency store failed'),
    }),
  };

  const limited = rateLimit({
    cache: ctx.cache,
    refusals: ctx.rateLimitRefusals,
    clock: ctx.clock,
    family: 'beta',
    limitPerMinute: ctx.config.rateLimitsPerMinute.beta,
    merchantIdOf: async (req) => (await callerOf(req))?.merchantId ?? null,
    renderRejection: (_req, res, { limit, retryAfterSeconds }) =>
      sendBetaError(res, betaTooManyRequests(limit, retryAfterSeconds)),
    onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'rate limit store failed'),
  });

  const beta = Router();
  beta.use(bareJsonContentType(), limited);
  beta.use(
    merchantCoinsRoutes(deps),
    whiteLabelRoutes(deps),
    staticAddressRoutes(deps),
    paymentRoutes(deps),
    catalogueRoutes(deps),
    custodialRoutes(deps),
  );
  beta.use((req, _res, next) => next(betaUnknownEndpoint(`${req.method} ${req.originalUrl.split('?')[0]}`)));
  beta.use(betaErrorHandler(ctx.logger));

  const router = Router();
  router.use('/beta/v1', beta);
  return router;
}
