import { bareJsonContentType, parseBody } from '@gw/platform';
import { idempotency, MerchantDirectory, rateLimit, type ServiceContext } from '@gw/application';
import { alphaPaymentRecord, tooManyRequests, unknownEndpoint } from '@gw/families';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { Router } from 'express';
import { alphaSigner, authenticateAlpha, merchantOf } from './http/auth';
import { alphaErrorHandler } from './http/responses';
import { OrderRegistry } from './requests/order-registry';
import { catalogueRoutes } from './routes/catalogue.routes';
import { custodialRoutes } from './routes/custodial.routes';
import type { AlphaRouteDeps } from './routes/deps';
import { walletRoutes } from './routes/wallet.routes';
import { paymentRoutes } from './routes/payment.routes';
import { qrRoutes } from './routes/qr.routes';
import { refundRoutes } from './routes/refund.routes';

/**
 * Every family A endpoint under /alpha/v1. Each route parses the body keeping its raw bytes, then
 * checks the signature over them; paths this router does not know are left to other services.
 */
export function createAlphaRouter(ctx: ServiceContext): Router {
  const directory = new MerchantDirectory(ctx.readModels, ctx.secrets);
  const payments = ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  const signerOf = alphaSigner(directory);
  // The limiter sits between the body parser and the signature check: only a verified sign puts a
  // request in its merchant's bucket, since the merchant uuid alone is no secret.
  const limited = rateLimit({
    cache: ctx.cache,
    refusals: ctx.rateLimitRefusals,
    clock: ctx.clock,
    family: 'alpha',
    limitPerMinute: ctx.config.rateLimitsPerMinute.alpha,
    merchantIdOf: async (req) => (await signerOf(req))?.merchantId ?? null,
    renderRejection: (_req, res, { retryAfterSeconds }) =>
      void res.status(429).json(tooManyRequests(retryAfterSeconds).body),
    onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'rate limit store failed'),
  });
  const deps: AlphaRouteDeps = {
    ctx,
    directory,
    payments,
    orders: new OrderRegistry(ctx.cache, payments, ctx.config.requestTimeoutMs),
    signed: [parseBody({ limitBytes: ctx.config.bodyLimitBytes }), limited, authenticateAlpha(signerOf)],
    idempotent: idempotency({
      cache: ctx.idempotencyRecords,
      scopeOf: (_req, res) => `alpha:${merchantOf(res).merchantId}`,
      renderError: (_req, res, failure) =>
        void res.status(failure.status).json({ state: 1, message: failure.message }),
      waitMs: ctx.config.requestTimeoutMs,
      lockTtlMs: 2 * ctx.config.requestTimeoutMs + 5_000,
      onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'idempotency store failed'),
    }),
    record: (payment) =>
      alphaPaymentRecord(payment, { baseUrl: ctx.config.baseUrl, rates: ctx.rates.current() }),
  };

  const alpha = Router();
  alpha.use(bareJsonContentType());
  alpha.use(
    paymentRoutes(deps),
    refundRoutes(deps),
    walletRoutes(deps),
    qrRoutes(deps),
    catalogueRoutes(deps),
    custodialRoutes(deps),
  );
  alpha.use((req, _res, next) => next(unknownEndpoint(req.method, req.originalUrl.split('?')[0] ?? '')));
  alpha.use(alphaErrorHandler(ctx.logger));

  const router = Router();
  router.use('/alpha/v1', alpha);
  return router;
}
