import { STATUS_CODES } from 'node:http';
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

/**
 * V1's error wording (NOWPayments' answers), for every service that answers in V1's name: the gateway
 * and the notifier's `POST /v1/ipn/test`. How a thrown error becomes one of these (express, the bus,
 * timeouts) stays with the service that answers.
 */

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

export const invalidParams = (message: string) => new V1ApiError(400, 'INVALID_REQUEST_PARAMS', message);
export const notFound = (message: string) => new V1ApiError(404, 'NOT_FOUND', message);

/** No `x-api-key`, or an empty one. */
export const v1ApiKeyRequired = () =>
  new V1ApiError(401, 'AUTH_REQUIRED', 'API key is required: send it in the x-api-key header');
/** An `x-api-key` that opens no merchant. */
export const v1InvalidApiKey = () => new V1ApiError(403, 'INVALID_API_KEY', 'Invalid api key');

export const v1TooManyRequests = ({
  limit,
  retryAfterSeconds,
}: {
  limit: number;
  retryAfterSeconds: number;
}) =>
  new V1ApiError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many requests: at most ${limit} per minute; retry after ${retryAfterSeconds} seconds`,
  );

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
