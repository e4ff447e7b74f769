import { Router, type ErrorRequestHandler } from 'express';
import { isPaymentStatus, PAYMENT_STATUSES, type PaymentStatus } from '@gw/domain';
import { asyncRoute, jsonBody, type Clock } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import type { Logger } from 'pino';
import { isDelivered } from '../delivery/process-manager';
import {
  buildWebhookRequest,
  invalidParams,
  V1ApiError,
  v1ApiKeyRequired,
  v1ErrorBody,
  v1InvalidApiKey,
  type CurrencyFacts,
} from '@gw/families';
import { samplePayment } from '../payloads/sample-payment';
import { isHttpUrl, testDeliveryView, type SendTestWebhook } from './test-webhook';

export interface V1IpnTestDeps {
  directory: MerchantDirectory;
  clock: Clock;
  facts: CurrencyFacts;
  send: SendTestWebhook;
  logger: Logger;
  bodyLimitBytes: number;
}

/**
 * `POST /v1/ipn/test` (ours; NOWPayments offers the same from its dashboard): `x-api-key`, body
 * `{ipn_callback_url, payment_status?}` (default finished). Sends a sample payment IPN signed with the
 * merchant's IPN secret exactly as live IPNs are, and reports the receiver's answer.
 */
export function v1IpnTestRoutes(deps: V1IpnTestDeps): Router {
  const router = Router();
  router.post(
    '/v1/ipn/test',
    // The key is checked before the body is read, and answers exactly as the V1 gateway's own routes do.
    asyncRoute(async (req, res, next) => {
      const apiKey = req.get('x-api-key')?.trim() ?? '';
      if (apiKey === '') throw v1ApiKeyRequired();
      const merchant = await deps.directory.byApiKey(apiKey);
      if (!merchant) throw v1InvalidApiKey();
      res.locals.merchant = merchant;
      next();
    }),
    jsonBody({ limitBytes: deps.bodyLimitBytes }),
    asyncRoute(async (req, res) => {
      const merchant = res.locals.merchant as MerchantDocument;
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (!isHttpUrl(body.ipn_callback_url)) {
        throw invalidParams('ipn_callback_url must be a valid http or https URL');
      }
      const status = body.payment_status ?? 'finished';
      if (typeof status !== 'string' || !isPaymentStatus(status)) {
        throw invalidParams(`payment_status must be one of ${PAYMENT_STATUSES.join(', ')}`);
      }
      const payment = samplePayment({
        family: 'v1',
        merchantId: merchant.merchantId,
        status: status as PaymentStatus,
        url: body.ipn_callback_url,
        now: deps.clock.now(),
      });
      const request = buildWebhookRequest(payment, deps.facts, deps.directory.ipnSecretOf(merchant));
      const result = await deps.send({ url: body.ipn_callback_url, ...request });
      res.json({
        ipn_callback_url: body.ipn_callback_url,
        payment_status: status,
        ...testDeliveryView(result, isDelivered('v1', result.statusCode)),
      });
    }),
  );
  router.use('/v1/ipn/test', ((error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const known = error instanceof V1ApiError ? error : null;
    const status = known?.statusCode ?? (error as { status?: number }).status ?? 500;
    if (status >= 500) (req.log ?? deps.logger).error({ err: error }, 'V1 IPN test failed');
    const code = known?.code ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST_PARAMS');
    const message = status >= 500 ? 'Internal server error' : (error as Error).message;
    res.status(status).json(v1ErrorBody(status, code, message));
  }) as ErrorRequestHandler);
  return router;
}
