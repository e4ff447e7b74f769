import type { AlphaFieldErrors } from '@gw/contracts/src/api/alpha';

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

/** A request that is well-formed but cannot be served (limits, availability). */
export const unprocessable = (message: string): AlphaError => new AlphaError(422, { state: 1, message });

export const tooManyRequests = (retryAfterSeconds: number): AlphaError =>
  new AlphaError(429, { state: 1, message: `Too many requests, retry after ${retryAfterSeconds} seconds` });
