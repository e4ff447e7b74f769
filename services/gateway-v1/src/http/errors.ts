import { STATUS_CODES } from 'node:http';
import { RequestCancelledError } from '@gw/bus';
import type { V1ErrorCode } from '@gw/contracts/api/v1';
import type { ReplyMessage } from '@gw/contracts';
import {
  assertNever,
  moneyProblemText,
  stalePriceMessage,
  pricesDisagreeMessage,
  type CurrencyRole,
  type MoneyProblem,
  type Refusal,
} from '@gw/domain';
import { httpErrorOf } from '@gw/platform';
import { RatesError } from '@gw/rates';
import { CommandTimeoutError, type IdempotencyFailure, type RateLimitRejection } from '@gw/runtime';
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';

/** A failure with its V1 status and code; everything the V1 API refuses is one of these. */
export class V1ApiError extends Error {
  override readonly name = 'V1ApiError';
  constructor(
    readonly statusCode: number,
    readonly code: V1ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string) => new V1ApiError(400, 'INVALID_REQUEST_PARAMS', message);
export const notFound = (message: string) => new V1ApiError(404, 'NOT_FOUND', message);
export const tooManyRequests = ({ limit, retryAfterSeconds }: RateLimitRejection) =>
  new V1ApiError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many requests: at most ${limit} per minute; retry after ${retryAfterSeconds} seconds`,
  );

export interface V1ErrorBody {
  status: false;
  statusCode: number;
  code: V1ErrorCode;
  error: string;
  message: string;
}

/** `{status:false, statusCode, code, error, message}`: the spec's three fields plus upstream's status and code. */
export function v1ErrorBody(statusCode: number, code: V1ErrorCode, message: string): V1ErrorBody {
  return { status: false, statusCode, code, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

export function sendV1Error(res: Response, error: V1ApiError): void {
  if (res.headersSent) return;
  res.status(error.statusCode).json(v1ErrorBody(error.statusCode, error.code, error.message));
}

/** Payments refused a command: its domain code decides the V1 answer. */
export function replyError(reply: Extract<ReplyMessage, { ok: false }>): V1ApiError {
  const { code, message } = reply.error;
  switch (code) {
    case 'NOT_FOUND':
      return notFound(message);
    case 'PAYMENT_NOT_WAITING':
      return new V1ApiError(400, 'PAYMENT_NOT_WAITING', message);
    case 'INTERNAL':
      return new V1ApiError(500, 'INTERNAL_ERROR', 'The payment service failed to handle the request');
    default:
      return invalidParams(message);
  }
}

const CURRENCY_FIELDS: Record<CurrencyRole, string> = { price: 'price_currency', pay: 'pay_currency' };
const AMOUNT_FIELDS: Record<CurrencyRole, string> = { price: 'price_amount', pay: 'pay_amount' };

/** A money field the money parser refused, in V1's words ("price_amount must be a positive number"). */
export function invalidMoney(field: string, problem: MoneyProblem): V1ApiError {
  const meaning =
    problem.code === 'NOT_A_DECIMAL' || problem.code === 'NOT_POSITIVE'
      ? 'must be a positive number'
      : moneyProblemText(problem);
  return invalidParams(`${field} ${meaning}`);
}

/** A payment admission refused, in NOWPayments' words. */
export function refusalError(refusal: Refusal): V1ApiError {
  switch (refusal.code) {
    case 'INVALID_AMOUNT':
      return invalidMoney(AMOUNT_FIELDS[refusal.role], refusal.problem);
    case 'UNKNOWN_CURRENCY':
      return invalidParams(
        `${CURRENCY_FIELDS[refusal.role]} "${refusal.currency}" is not a supported currency`,
      );
    case 'NOT_A_CRYPTO_CURRENCY':
      return invalidParams(`${CURRENCY_FIELDS[refusal.role]} "${refusal.currency}" is not a crypto currency`);
    case 'COIN_NOT_ENABLED':
      return invalidParams(
        `${CURRENCY_FIELDS[refusal.role]} "${refusal.coin.code}" is not enabled for this merchant`,
      );
    case 'NETWORK_NOT_PAYABLE':
      return invalidParams(
        `${CURRENCY_FIELDS[refusal.role]} "${refusal.coin.code}" cannot take payments on ${refusal.coin.networkName} for this merchant`,
      );
    case 'NO_COIN_ENABLED':
      return invalidParams('no currency is enabled for this merchant');
    case 'STALE_PRICE':
      return new V1ApiError(422, 'PRICE_UNAVAILABLE', stalePriceMessage(refusal.currency.code, refusal));
    case 'PRICES_DISAGREE':
      return new V1ApiError(
        422,
        'PRICE_UNAVAILABLE',
        pricesDisagreeMessage(refusal.currency.code, refusal.disagreement),
      );
    case 'BELOW_MINIMUM':
      return invalidParams(
        `amountTo is too small: ${refusal.payAmount} ${refusal.coin.code} is below the minimum payment of ${refusal.minimum} ${refusal.coin.code}`,
      );
    case 'ABOVE_MAXIMUM':
      return invalidParams(
        `amountTo is too large: ${refusal.payAmount} ${refusal.coin.code} is above the maximum payment of ${refusal.maximum} ${refusal.coin.code}`,
      );
    case 'INVALID_LIFETIME':
      return new V1ApiError(500, 'INTERNAL_ERROR', 'The configured payment lifetime is out of range');
    default:
      return assertNever(refusal);
  }
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
