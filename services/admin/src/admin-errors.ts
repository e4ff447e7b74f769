import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import type { ReplyErrorCode } from '@gw/contracts';
import { httpErrorOf } from '@gw/platform';
import { CommandTimeoutError, InvalidInputError, MerchantCommandError } from '@gw/application';
import type { Logger } from 'pino';

/** The admin API's one error shape. */
export interface AdminErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

export class AdminError extends Error {
  override readonly name = 'AdminError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AdminError(404, `${what} not found`);

/** How a refused command reads to an operator: bad input, unknown record, or a state that forbids it. */
const STATUS_OF_CODE: Record<ReplyErrorCode, number> = {
  INVALID_AMOUNT: 400,
  INVALID_MERCHANT: 400,
  INVALID_SUBSCRIPTION: 400,
  UNKNOWN_CURRENCY: 400,
  NOT_A_CRYPTO_CURRENCY: 400,
  COIN_NOT_ENABLED: 400,
  NETWORK_NOT_PAYABLE: 400,
  NO_COIN_ENABLED: 400,
  STALE_PRICE: 409,
  PRICES_DISAGREE: 409,
  BELOW_MINIMUM: 400,
  ABOVE_MAXIMUM: 400,
  INVALID_LIFETIME: 400,
  EVENT_SCHEMA_VIOLATION: 400,
  NOT_FOUND: 404,
  STREAM_ALREADY_EXISTS: 409,
  PAYMENT_NOT_WAITING: 409,
  PAYMENT_NOT_PAYABLE: 409,
  PAYMENT_NOT_EXPIRED_YET: 409,
  INVALID_TRANSITION: 409,
  DUPLICATE_DEPOSIT: 409,
  INTERNAL: 500,
};

export function statusOfDomainCode(code: string): number {
  return STATUS_OF_CODE[code as keyof typeof STATUS_OF_CODE] ?? 500;
}

/** A refused command from payments, as an admin error. */
export function commandRefused(error: { code: string; message: string }): AdminError {
  const status = statusOfDomainCode(error.code);
  return new AdminError(
    status,
    status >= 500 ? 'The payments service failed to handle the command' : error.message,
  );
}

export function errorBody(status: number, message: string): AdminErrorBody {
  return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message };
}

/** Renders every failure of an admin route; details of unexpected ones go to the log, never to the client. */
export function adminErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, message } = describe(error);
    if (status >= 500) (req.log ?? logger).error({ err: error }, 'admin request failed');
    res.status(status).json(errorBody(status, message));
  };
}

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof AdminError) return { status: error.status, message: error.message };
  if (error instanceof InvalidInputError) return { status: 400, message: error.message };
  if (error instanceof MerchantCommandError) {
    const refused = commandRefused(error);
    return { status: refused.status, message: refused.message };
  }
  if (error instanceof CommandTimeoutError) {
    return { status: 503, message: 'The payments service did not answer in time; retry the request' };
  }
  const httpError = httpErrorOf(error);
  if (httpError)
    return {
      status: httpError.status,
      message: httpError.expose ? httpError.message : 'Internal server error',
    };
  return { status: 500, message: 'Internal server error' };
}
