import type { ErrorRequestHandler, Response } from 'express';
import { BETA_SUCCESS_MESSAGE, BETA_VERSION } from '@gw/contracts/api/beta';
import { httpErrorOf } from '@gw/platform';
import { CommandTimeoutError } from '@gw/runtime';
import type { Logger } from 'pino';
import { BetaError } from './errors';

/** `{data, message, error: {}, status: 200, version}`: clients check the body's `status`, not only HTTP. */
export function sendData(res: Response, data: unknown): void {
  res
    .status(200)
    .json({ data, message: BETA_SUCCESS_MESSAGE, error: {}, status: 200, version: BETA_VERSION });
}

export function sendBetaError(res: Response, error: BetaError): void {
  res.status(error.status).json({
    data: {},
    message: error.summary,
    error: { type: error.type, key: error.key, message: error.message },
    status: error.status,
    version: BETA_VERSION,
  });
}

/** The one place family B failures become HTTP answers, always in the envelope with `status` = HTTP status. */
export function betaErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof BetaError) return sendBetaError(res, error);
    const httpError = httpErrorOf(error);
    if (httpError) {
      const type = httpError.status === 503 ? 'service_unavailable' : 'validation_error';
      const key = httpError.code === 'malformed_path' ? 'path' : 'body';
      return sendBetaError(
        res,
        new BetaError(httpError.status, type, key, httpError.expose ? httpError.message : 'Bad request'),
      );
    }
    if (error instanceof CommandTimeoutError) {
      logger.warn({ err: error, url: req.originalUrl }, 'payments did not answer');
      return sendBetaError(
        res,
        new BetaError(503, 'service_unavailable', 'payments', 'Payments did not answer in time; try again.'),
      );
    }
    logger.error({ err: error, url: req.originalUrl }, 'family B request failed');
    sendBetaError(res, new BetaError(500, 'server_error', 'server', 'Internal server error.'));
  };
}
