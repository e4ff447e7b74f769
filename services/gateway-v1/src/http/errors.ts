import { RequestCancelledError } from '@gw/bus';
import type { V1ErrorCode } from '@gw/contracts/api/v1';
import { invalidParams, V1ApiError, v1ErrorBody } from '@gw/families';
import { httpErrorOf } from '@gw/platform';
import { RatesError } from '@gw/pricing';
import { CommandTimeoutError, type IdempotencyFailure } from '@gw/application';
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';

/**
 * How the V1 gateway answers what was thrown: V1's wording (`V1ApiError`, the refusals) is in
 * `@gw/families`; the mapping of express, bus and timeout failures onto it is here.
 */

export function sendV1Error(res: Response, error: V1ApiError): void {
  if (res.headersSent) return;
  res.status(error.statusCode).json(v1ErrorBody(error.statusCode, error.code, error.message));
}

export function idempotencyError(failure: IdempotencyFailure): V1ApiError {
  const code: V1ErrorCode =
    failure.code === 'IDEMPOTENCY_KEY_INVALID' ? 'INVALID_REQUEST_PARAMS' : failure.code;
  return new V1ApiError(failure.status, code, failure.message);
}

/** Whatever was thrown, as the V1 error to show; unexpected errors become a 500 without details. */
export function toV1Error(error: unknown): V1ApiError {
  if (error instanceof V1ApiError) return error;
  const httpError = httpErrorOf(error);
  if (httpError) {
    if (httpError.status === 413) return new V1ApiError(413, 'PAYLOAD_TOO_LARGE', httpError.message);
    if (httpError.status === 415) return new V1ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', httpError.message);
    if (httpError.status < 500) return invalidParams(httpError.message);
  }
  if (error instanceof CommandTimeoutError) {
    return new V1ApiError(
      504,
      'GATEWAY_TIMEOUT',
      'The payment service did not answer in time; retry with the same Idempotency-Key',
    );
  }
  if (error instanceof RequestCancelledError) {
    return new V1ApiError(
      503,
      'SERVICE_UNAVAILABLE',
      'The payment service is not available; retry with the same Idempotency-Key',
    );
  }
  if (error instanceof RatesError) return invalidParams(error.message);
  return new V1ApiError(500, 'INTERNAL_ERROR', 'Internal server error');
}

/** The one error handler of the V1 family. */
export function v1ErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, next) => {
    if (res.headersSent) return next(error);
    const v1Error = toV1Error(error);
    const log = req.log ?? logger;
    if (v1Error.statusCode >= 500) log.error({ err: error }, 'V1 request failed');
    sendV1Error(res, v1Error);
  };
}
