import { Router, type ErrorRequestHandler } from 'express';
import { betaStatus, PAYMENT_STATUSES, v1StatusesForBeta } from '@gw/domain';
import { asyncRoute, jsonBody, type Clock } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import type { Logger } from 'pino';
import { isDelivered } from '../delivery/process-manager';
import {
  BetaError,
  betaDataBody,
  betaErrorBody,
  betaInvalidApiKey,
  betaMissingApiKey,
  buildWebhookRequest,
  invalidField,
  type CurrencyFacts,
} from '@gw/families';
import { samplePayment } from '../payloads/sample-payment';
import { isHttpUrl, testDeliveryView, type SendTestWebhook } from './test-webhook';

const CALLBACK_STATUSES = [...new Set(PAYMENT_STATUSES.map((status) => betaStatus(status)))];

export interface BetaWebhookTestDeps {
  directory: MerchantDirectory;
  clock: Clock;
  facts: CurrencyFacts;
  send: SendTestWebhook;
  logger: Logger;
  bodyLimitBytes: number;
}

/**
 * `POST /beta/v1/webhook/test` (ours; OxaPay has no such route): `merchant_api_key`, body
 * `{callback_url, status?}` (a callback status, default Paid, any casing). Sends a sample merchant
 * callback with the `HMAC` header over the raw body, as live callbacks are, and reports the answer.
 */
export function betaWebhookTestRoutes(deps: BetaWebhookTestDeps): Router {
  const router = Router();
  router.post(
    '/beta/v1/webhook/test',
    jsonBody({ limitBytes: deps.bodyLimitBytes }),
    asyncRoute(async (req, res) => {
      const apiKey = req.get('merchant_api_key')?.trim() ?? '';
      if (apiKey === '') throw betaMissingApiKey();
      const merchant = await deps.directory.byBetaApiKey(apiKey);
      if (!merchant) throw betaInvalidApiKey();
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (!isHttpUrl(body.callback_url)) {
        throw invalidField({ key: 'callback_url', message: 'The callback url field must be a valid URL.' });
      }
      const requested = body.status ?? 'Paid';
      const status = typeof requested === 'string' ? v1StatusesForBeta(requested).at(-1) : undefined;
      if (!status)
        throw invalidField({
          key: 'status',
          message: `The status must be one of ${CALLBACK_STATUSES.join(', ')}.`,
        });
      const payment = samplePayment({
        family: 'beta',
        merchantId: merchant.merchantId,
        status,
        url: body.callback_url,
        now: deps.clock.now(),
      });
      const request = buildWebhookRequest(payment, deps.facts, deps.directory.betaApiKeyOf(merchant));
      const result = await deps.send({ url: body.callback_url, ...request });
      const data = {
        callback_url: body.callback_url,
        status: betaStatus(status),
        ...testDeliveryView(result, isDelivered('beta', result.statusCode)),
      };
      res.json(betaDataBody(data));
    }),
  );
  router.use('/beta/v1/webhook/test', ((error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof BetaError) return void res.status(error.status).json(betaErrorBody(error));
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) (req.log ?? deps.logger).error({ err: error }, 'family B webhook test failed');
    const refusal =
      status >= 500
        ? new BetaError(status, 'server_error', '', 'Internal server error')
        : new BetaError(status, 'validation_error', '', (error as Error).message);
    res.status(status).json(betaErrorBody(refusal));
  }) as ErrorRequestHandler);
  return router;
}
