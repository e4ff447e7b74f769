import { alphaValidators, type AlphaCheck } from '@gw/contracts/src/api/alpha';
import { asyncRoute, bareJsonContentType, parseBody } from '@gw/platform';
import { keyedCreateOf, MerchantDirectory, type ServiceContext } from '@gw/runtime';
import { idempotency } from '@gw/runtime/src/idempotency';
import { rateLimit } from '@gw/runtime/src/rate-limit';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { tooManyRequests, unknownEndpoint, validationFailed } from './alpha-errors';
import { authenticateAlpha, merchantOf, signingMerchant } from './authenticate';
import { exchangeRates, paymentServices } from './catalogue-results';
import { paginateOf, parseListQuery, toFindQuery } from './list-query';
import { OrderRegistry } from './order-registry';
import { findMerchantPayment } from './payment-lookup';
import { openAlphaPayment } from './payment-opening';
import { alphaPaymentRecord } from '@gw/families';
import { alphaErrorHandler, sendResult } from './responses';

/**
 * Every family A endpoint under /alpha/v1. Each route parses the body keeping its raw bytes, then
 * checks the signature over them; paths this router does not know are left to other services.
 */
export function createAlphaRouter(ctx: ServiceContext): Router {
  const directory = new MerchantDirectory(ctx.readModels, ctx.cache, ctx.secrets);
  const payments = ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  const orders = new OrderRegistry(ctx.cache, payments, ctx.config.requestTimeoutMs);
  // The limiter sits between the body parser and the signature check: only a verified sign puts a
  // request in its merchant's bucket, since the merchant uuid alone is no secret.
  const limited = rateLimit({
    cache: ctx.cache,
    refusals: ctx.rateLimitRefusals,
    clock: ctx.clock,
    family: 'alpha',
    limitPerMinute: ctx.config.rateLimitsPerMinute.alpha,
    merchantIdOf: async (req) => (await signingMerchant(directory, req))?.merchantId ?? null,
    renderRejection: (_req, res, { retryAfterSeconds }) =>
      void res.status(429).json(tooManyRequests(retryAfterSeconds).body),
    onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'rate limit store failed'),
  });
  const signed = [
    parseBody({ limitBytes: ctx.config.bodyLimitBytes }),
    limited,
    authenticateAlpha(directory),
  ];
  const idempotent = idempotency({
    cache: ctx.idempotencyRecords,
    scopeOf: (_req, res) => `alpha:${merchantOf(res).merchantId}`,
    renderError: (_req, res, failure) =>
      void res.status(failure.status).json({ state: 1, message: failure.message }),
    waitMs: ctx.config.requestTimeoutMs,
    lockTtlMs: 2 * ctx.config.requestTimeoutMs + 5_000,
    onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'idempotency store failed'),
  });
  const record = (payment: PaymentDocument) =>
    alphaPaymentRecord(payment, { baseUrl: ctx.config.baseUrl, rates: ctx.rates.current() });

  const alpha = Router();
  alpha.use(bareJsonContentType());

  alpha.post(
    '/payment',
    signed,
    idempotent,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.createPayment.check(paramsOf(req)));
      sendResult(
        res,
        record(await openAlphaPayment(ctx, orders, merchantOf(res), input, keyedCreateOf(res))),
      );
    }),
  );

  alpha.post(
    '/payment/info',
    signed,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.paymentInfo.check(paramsOf(req)));
      sendResult(res, record(await findMerchantPayment(payments, orders, merchantOf(res).merchantId, input)));
    }),
  );

  alpha.post(
    '/payment/list',
    signed,
    asyncRoute(async (req, res) => {
      const body = valid(alphaValidators.paymentList.check(paramsOf(req)));
      const { cursor } = valid(alphaValidators.paymentListQuery.check(req.query));
      const query = valid(parseListQuery(body, cursor));
      const rows = await payments.find(toFindQuery(merchantOf(res).merchantId, query));
      const paginate = paginateOf(query.page, rows.length);
      sendResult(res, { items: rows.slice(0, paginate.count).map(record), paginate });
    }),
  );

  alpha.post(
    '/payment/services',
    signed,
    asyncRoute(async (_req, res) => {
      sendResult(res, paymentServices(ctx.rates.current(), merchantOf(res), ctx.config));
    }),
  );

  function exchangeRateList(req: Request, res: Response, next: NextFunction): void {
    try {
      const { currency } = valid(alphaValidators.exchangeRateParams.check({ ...req.params }));
      sendResult(res, exchangeRates(ctx.rates.current(), currency));
    } catch (error) {
      next(error);
    }
  }

  // Upstream documents GET; the official PHP SDK's request builder can only POST, so both are served.
  alpha.route('/exchange-rate/:currency/list').get(signed, exchangeRateList).post(signed, exchangeRateList);

  alpha.use((req, _res, next) => next(unknownEndpoint(req.method, req.originalUrl.split('?')[0] ?? '')));
  alpha.use(alphaErrorHandler(ctx.logger));

  const router = Router();
  router.use('/alpha/v1', alpha);
  return router;
}

/** PHP's SDK sends `[]` (an empty PHP array) when a call has no parameters. */
function paramsOf(req: Request): unknown {
  return Array.isArray(req.body) && req.body.length === 0 ? {} : req.body;
}

function valid<T>(check: AlphaCheck<T>): T {
  if (!check.ok) throw validationFailed(check.errors);
  return check.value;
}
