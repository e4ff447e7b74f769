import { betaValidators, type BetaCheck } from '@gw/contracts/src/api/beta';
import { asyncRoute, bareJsonContentType, parseBody } from '@gw/platform';
import {
  keyedCreateOf,
  MerchantDirectory,
  openPayment,
  payableCoinsOf,
  priceViewsOf,
  refusedLater,
  replayedPayment,
  type ServiceContext,
} from '@gw/runtime';
import type { PaymentTerms } from '@gw/domain';
import { idempotency } from '@gw/runtime/src/idempotency';
import { rateLimit } from '@gw/runtime/src/rate-limit';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { Router, type Request } from 'express';
import { authenticateBeta, BETA_API_KEY_HEADER, merchantOf } from './authenticate';
import {
  BetaError,
  betaRefusal,
  invalidField,
  paymentNotFound,
  tooManyRequests,
  unknownEndpoint,
} from './beta-errors';
import { betaCurrencies, betaFiats } from './catalogue-results';
import { betaErrorHandler, sendBetaError, sendData } from './envelope';
import { invoiceIntakeFrom } from './invoice-intake';
import { betaListItem, betaPaymentInformation, unixSeconds } from '@gw/families';
import { metaOf, toListQuery } from './list-query';

const TRACK_ID = /^[0-9]{1,15}$/;

/**
 * Every family B endpoint under /beta/v1, with the family's one error handler; any other /beta/v1 path
 * answers 404 in the family's envelope, as upstream does for unknown endpoints.
 */
export function createBetaRouter(ctx: ServiceContext): Router {
  const directory = new MerchantDirectory(ctx.readModels, ctx.cache, ctx.secrets);
  const payments = ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  const auth = authenticateBeta(directory);
  const idempotent = idempotency({
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
  });
  const hostedPageUrl = (uuid: string) => `${ctx.config.baseUrl.replace(/\/+$/, '')}/pay/${uuid}`;

  const limited = rateLimit({
    cache: ctx.cache,
    refusals: ctx.rateLimitRefusals,
    clock: ctx.clock,
    family: 'beta',
    limitPerMinute: ctx.config.rateLimitsPerMinute.beta,
    merchantIdOf: async (req) => {
      const apiKey = req.get(BETA_API_KEY_HEADER)?.trim() ?? '';
      return apiKey === '' ? null : ((await directory.byBetaApiKey(apiKey))?.merchantId ?? null);
    },
    renderRejection: (_req, res, { limit, retryAfterSeconds }) =>
      sendBetaError(res, tooManyRequests(limit, retryAfterSeconds)),
    onStoreError: (error, req) => (req.log ?? ctx.logger).error({ err: error }, 'rate limit store failed'),
  });

  const beta = Router();
  beta.use(bareJsonContentType(), limited);

  beta.post(
    '/payment/invoice',
    parseBody({ limitBytes: ctx.config.bodyLimitBytes }),
    auth,
    idempotent,
    asyncRoute(async (req, res) => {
      const input = valid(betaValidators.createInvoice.check(req.body));
      const merchant = merchantOf(res);
      const key = keyedCreateOf(res);
      const replayed = await replayedPayment(ctx, key);
      if (replayed) return sendData(res, createdInvoice(replayed));
      const intake = invoiceIntakeFrom(
        input,
        merchant,
        priceViewsOf(ctx.rates, ctx.config, ctx.clock.now()),
        ctx.config,
      );
      const { terms, reply } = await refusedLater(betaRefusal, () => openPayment(ctx, intake, key));
      if (!reply.ok) throw invalidField({ key: 'amount', message: reply.error.message });
      sendData(res, createdInvoice(terms));
    }),
  );

  const createdInvoice = (terms: PaymentTerms) => ({
    track_id: terms.trackId,
    payment_url: hostedPageUrl(terms.uuid),
    expired_at: unixSeconds(terms.expiresAt),
    date: unixSeconds(terms.createdAt),
  });

  // Official SDKs call the history without the trailing slash; the spec writes it with one.
  beta.get(
    ['/payment', '/payment/'],
    auth,
    asyncRoute(async (req, res) => {
      const input = valid(betaValidators.paymentList.check(req.query));
      const rates = ctx.rates.current();
      const query = toListQuery(merchantOf(res).merchantId, input, rates);
      const [rows, total] = await Promise.all([payments.find(query.find), payments.count(query.find.filter)]);
      sendData(res, {
        list: rows.map((row) => betaListItem(row, rates)),
        meta: metaOf(query.page, query.size, total),
      });
    }),
  );

  beta.get(
    '/payment/:trackId',
    auth,
    asyncRoute(async (req: Request<{ trackId: string }>, res, next) => {
      const { trackId } = req.params;
      // Track ids are digits; any other word after /payment/ names no endpoint (404, as upstream).
      if (!TRACK_ID.test(trackId)) return next();
      const payment = await payments.get(String(Number(trackId)));
      if (!payment || payment.merchantId !== merchantOf(res).merchantId) throw paymentNotFound();
      sendData(res, betaPaymentInformation(payment, ctx.rates.current()));
    }),
  );

  beta.get('/common/currencies', (_req, res) =>
    sendData(res, betaCurrencies(ctx.rates.current(), payableCoinsOf(null, ctx.config))),
  );
  beta.get('/common/fiats', (_req, res) => sendData(res, betaFiats(ctx.rates.current())));

  beta.use((req, _res, next) => next(unknownEndpoint(`${req.method} ${req.originalUrl.split('?')[0]}`)));
  beta.use(betaErrorHandler(ctx.logger));

  const router = Router();
  router.use('/beta/v1', beta);
  return router;
}

function valid<T>(check: BetaCheck<T>): T {
  if (!check.ok) throw invalidField(check.problem);
  return check.value;
}
