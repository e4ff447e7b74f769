import {
  BETA_SUCCESS_MESSAGE,
  BETA_VERSION,
  type BETA_ERROR_TYPES,
  type BetaProblem,
} from '@gw/contracts/api/beta';
import { assertNever, tooFewSources, type MoneyProblem, type Refusal } from '@gw/domain';
import { betaSymbol } from './currencies';

/**
 * Family B's error wording (OxaPay's answers), for every service that answers in family B's name: the
 * gateway and the notifier's `POST /beta/v1/webhook/test`.
 */

export type BetaErrorType = (typeof BETA_ERROR_TYPES)[number];

const SUMMARY: Record<BetaErrorType, string> = {
  validation_error: 'Validation failed.',
  authentication_error: 'Authentication failed.',
  not_found: 'Not found.',
  rate_limit: 'Too many requests.',
  server_error: 'Internal server error.',
  service_unavailable: 'Service temporarily unavailable.',
  not_supported: 'Not supported by this gateway.',
};

/** A family B failure: HTTP status, and `{type, key, message}` for the envelope's `error`. */
export class BetaError extends Error {
  override readonly name = 'BetaError';

  constructor(
    readonly status: number,
    readonly type: BetaErrorType,
    readonly key: string,
    message: string,
  ) {
    super(message);
  }

  get summary(): string {
    return SUMMARY[this.type];
  }
}

export interface BetaErrorBody {
  data: Record<string, never>;
  message: string;
  error: { type: BetaErrorType; key: string; message: string };
  status: number;
  version: string;
}

/** The envelope of a refusal: `{data: {}, message, error: {type, key, message}, status, version}`. */
export function betaErrorBody(error: BetaError): BetaErrorBody {
  return {
    data: {},
    message: error.summary,
    error: { type: error.type, key: error.key, message: error.message },
    status: error.status,
    version: BETA_VERSION,
  };
}

/** The envelope of an answer: `{data, message, error: {}, status: 200, version}`; clients check `status`. */
export function betaDataBody<T>(data: T) {
  return { data, message: BETA_SUCCESS_MESSAGE, error: {}, status: 200, version: BETA_VERSION };
}

export const invalidField = (problem: BetaProblem): BetaError =>
  new BetaError(400, 'validation_error', problem.key, problem.message);

export const betaMissingApiKey = (): BetaError =>
  new BetaError(401, 'authentication_error', 'merchant_api_key', 'The merchant_api_key header is required.');

export const betaInvalidApiKey = (): BetaError =>
  new BetaError(401, 'authentication_error', 'merchant_api_key', 'Invalid merchant API key.');

export const betaUnknownEndpoint = (path: string): BetaError =>
  new BetaError(404, 'not_found', 'endpoint', `No such endpoint: ${path}`);

/** Another merchant's payment answers exactly as a missing one. */
export const betaPaymentNotFound = (): BetaError =>
  new BetaError(404, 'not_found', 'track_id', 'Payment not found.');

export const betaStaticAddressNotFound = (): BetaError =>
  new BetaError(404, 'not_found', 'address', 'Static address not found.');

export const betaTooManyRequests = (limit: number, retryAfterSeconds: number): BetaError =>
  new BetaError(
    429,
    'rate_limit',
    'requests',
    `At most ${limit} requests per minute; retry after ${retryAfterSeconds} seconds.`,
  );

/** A money parser refusal in Laravel's words, as family B words every field failure. */
function betaMoneySentence(problem: MoneyProblem): string {
  switch (problem.code) {
    case 'NOT_A_DECIMAL':
    case 'NOT_FINITE':
      return 'The amount field must be a number.';
    case 'NOT_POSITIVE':
      return 'The amount field must be greater than 0.';
    case 'TOO_LARGE':
      return `The amount field must not be greater than ${problem.maximum}.`;
    case 'TOO_PRECISE':
      return `The amount field must have 0-${problem.decimals} decimal places.`;
    default:
      return assertNever(problem);
  }
}

/** A payment admission refused, as family B answers it. */
export function betaRefusal(refusal: Refusal): BetaError {
  switch (refusal.code) {
    case 'INVALID_AMOUNT':
      return invalidField({ key: 'amount', message: betaMoneySentence(refusal.problem) });
    case 'UNKNOWN_CURRENCY':
    case 'NOT_A_CRYPTO_CURRENCY':
      return invalidField({ key: 'currency', message: 'The selected currency is invalid.' });
    case 'COIN_NOT_ENABLED':
      return invalidField({
        key: 'currency',
        message: `The currency ${betaSymbol(refusal.coin)} is not enabled for this merchant.`,
      });
    case 'NETWORK_NOT_PAYABLE':
      return invalidField({
        key: 'currency',
        message: `The currency ${betaSymbol(refusal.coin)} on ${refusal.coin.networkName} cannot take payments for this merchant.`,
      });
    case 'NO_COIN_ENABLED':
      return invalidField({ key: 'currency', message: 'No currency is enabled for this merchant.' });
    case 'STALE_PRICE':
      return invalidField({
        key: 'currency',
        message: `No current price for ${refusal.currency.code.toUpperCase()}; try again later.`,
      });
    case 'PRICES_DISAGREE':
      if (refusal.disagreement.minSources !== undefined)
        return invalidField({
          key: 'currency',
          message: `No agreed price for ${refusal.currency.code.toUpperCase()}: ${tooFewSources(refusal.disagreement, refusal.disagreement.minSources)}; try again later.`,
        });
      return invalidField({
        key: 'currency',
        message: `No agreed price for ${refusal.currency.code.toUpperCase()}: the price sources differ by ${refusal.disagreement.spreadPercent} %, over the ${refusal.disagreement.limitPercent} % limit; try again later.`,
      });
    case 'BELOW_MINIMUM':
      return invalidField({
        key: 'amount',
        message: `The amount is below the minimum payment of ${refusal.minimum} ${betaSymbol(refusal.coin)}.`,
      });
    case 'ABOVE_MAXIMUM':
      return invalidField({
        key: 'amount',
        message: `The amount is above the maximum payment of ${refusal.maximum} ${betaSymbol(refusal.coin)}.`,
      });
    case 'INVALID_LIFETIME':
      return invalidField({
        key: 'lifetime',
        message: `The lifetime must be between ${refusal.window.minimumSeconds / 60} and ${refusal.window.maximumSeconds / 60} minutes.`,
      });
    default:
      return assertNever(refusal);
  }
}

/**
 * A white-label payment names the coin it is paid in apart from the price's currency (`pay_currency`):
 * a refusal of that coin names that field; every other refusal is worded as for an invoice.
 */
export function betaWhiteLabelRefusal(refusal: Refusal): BetaError {
  const error = betaRefusal(refusal);
  const ofPayCoin = 'role' in refusal && refusal.role === 'pay' && error.key === 'currency';
  return ofPayCoin ? invalidField({ key: 'pay_currency', message: error.message }) : error;
}
