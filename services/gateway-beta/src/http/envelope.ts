import type { ErrorRequestHandler, Response } from 'express';
import { httpErrorOf } from '@gw/platform';
import { CommandTimeoutError } from '@gw/application';
import type { Logger } from 'pino';
import { BetaError, betaDataBody, betaErrorBody } from '@gw/families';

/** `{data, message, error: {}, status: 200, version}`: clients check the body's `status`, not only HTTP. */
export function sendData(res: Response, data: unknown): void {
  res.status(200).json(betaDataBody(data));
}

export function sendBetaError(res: Response, error: BetaError): void {
  res.status(error.status).json(betaErrorBody(error));
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
