import type { BETA_ERROR_TYPES, BetaProblem } from '@gw/contracts/src/api/beta';

export type BetaErrorType = (typeof BETA_ERROR_TYPES)[number];

const SUMMARY: Record<BetaErrorType, string> = {
  validation_error: 'Validation failed.',
  authentication_error: 'Authentication failed.',
  not_found: 'Not found.',
  rate_limit: 'Too many requests.',
  server_error: 'Internal server error.',
  service_unavailable: 'Service temporarily unavailable.',
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

export const invalidField = (problem: BetaProblem): BetaError =>
  new BetaError(400, 'validation_error', problem.key, problem.message);

export const missingApiKey = (): BetaError =>
  new BetaError(401, 'authentication_error', 'merchant_api_key', 'The merchant_api_key header is required.');

export const invalidApiKey = (): BetaError =>
  new BetaError(401, 'authentication_error', 'merchant_api_key', 'Invalid merchant API key.');

export const unknownEndpoint = (path: string): BetaError =>
  new BetaError(404, 'not_found', 'endpoint', `No such endpoint: ${path}`);

export const tooManyRequests = (limit: number, retryAfterSeconds: number): BetaError =>
  new BetaError(
    429,
    'rate_limit',
    'requests',
    `At most ${limit} requests per minute; retry after ${retryAfterSeconds} seconds.`,
  );
