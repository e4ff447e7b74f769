import {
  assertNever,
  pricesDisagreeMessage,
  stalePriceMessage,
  type MoneyProblemCode,
  type Refusal,
} from '@gw/domain';
import type { CryptoCurrency } from '@gw/pricing';
import { alphaNetworkName } from './currencies';

/**
 * Family A's error wording (Cryptomus's answers), for every service that answers in family A's name:
 * the gateway and the notifier's webhook routes.
 */

/** Laravel-style rule keys per field, as upstream's 422 answers carry them. */
type AlphaFieldErrors = Record<string, string[]>;

/** A family A failure with its exact HTTP status and body. */
export class AlphaError extends Error {
  override readonly name = 'AlphaError';

  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `family A error ${status}`);
  }
}

/** Upstream answers a bad signature with this exact body, without `state`. */
export const invalidSign = (): AlphaError => new AlphaError(401, { message: 'Invalid Sign.' });

/**
 * HTTP 422 with upstream's per-field rule keys. The official PHP SDK throws with `message` when there
 * is one and drops `errors`, so the message itself names every failing field and rule.
 */
export const validationFailed = (errors: AlphaFieldErrors): AlphaError =>
  new AlphaError(422, { state: 1, message: validationMessage(errors), errors });

export function validationMessage(errors: AlphaFieldErrors): string {
  const fields = Object.entries(errors).map(([field, rules]) => `${field} (${rules.join(', ')})`);
  return `Validation error: ${fields.join('; ')}`;
}

export const paymentNotFound = (): AlphaError =>
  new AlphaError(404, { state: 1, message: 'Payment not found' });

/** A path under /alpha/v1 that names no endpoint: family A's shape, not another family's. */
export const unknownEndpoint = (method: string, path: string): AlphaError =>
  new AlphaError(404, { state: 1, message: `No such endpoint: ${method} ${path}` });

/** A request that is well-formed but cannot be served (limits, availability). */
export const unprocessable = (message: string): AlphaError => new AlphaError(422, { state: 1, message });

export const tooManyRequests = (retryAfterSeconds: number): AlphaError =>
  new AlphaError(429, { state: 1, message: `Too many requests, retry after ${retryAfterSeconds} seconds` });

/** The Laravel rule each money parser refusal stands for. */
const ALPHA_MONEY_RULES: Record<MoneyProblemCode, string> = {
  NOT_A_DECIMAL: 'validation.numeric',
  NOT_FINITE: 'validation.numeric',
  NOT_POSITIVE: 'validation.gt',
  TOO_LARGE: 'validation.max.numeric',
  TOO_PRECISE: 'validation.decimal',
};

const coinName = (coin: CryptoCurrency): string =>
  `${coin.ticker.toUpperCase()} on ${alphaNetworkName(coin.network)}`;

/** A payment admission refused, as family A answers it; `payField` is the field that named the payer's coin. */
export function alphaRefusal(refusal: Refusal, payField: 'currency' | 'to_currency'): AlphaError {
  switch (refusal.code) {
    case 'INVALID_AMOUNT':
      return validationFailed({ amount: [ALPHA_MONEY_RULES[refusal.problem.code]] });
    case 'UNKNOWN_CURRENCY':
      return validationFailed({ [refusal.role === 'pay' ? payField : 'currency']: ['validation.exists'] });
    case 'NOT_A_CRYPTO_CURRENCY':
      return validationFailed({ [payField]: ['validation.in'] });
    case 'COIN_NOT_ENABLED':
      return unprocessable(`${coinName(refusal.coin)} is not enabled for the merchant`);
    case 'NETWORK_NOT_PAYABLE':
      return unprocessable(`${coinName(refusal.coin)} cannot take payments for the merchant`);
    case 'NO_COIN_ENABLED':
      return unprocessable('No currency of this network is enabled for the merchant');
    case 'STALE_PRICE':
      return unprocessable(stalePriceMessage(refusal.currency.code.toUpperCase(), refusal));
    case 'PRICES_DISAGREE':
      return unprocessable(pricesDisagreeMessage(refusal.currency.code.toUpperCase(), refusal.disagreement));
    case 'BELOW_MINIMUM':
      return unprocessable(`Minimum amount is ${refusal.minimum} ${refusal.coin.ticker.toUpperCase()}`);
    case 'ABOVE_MAXIMUM':
      return unprocessable(`Maximum amount is ${refusal.maximum} ${refusal.coin.ticker.toUpperCase()}`);
    case 'INVALID_LIFETIME':
      return validationFailed({ lifetime: ['validation.between'] });
    default:
      return assertNever(refusal);
  }
}
