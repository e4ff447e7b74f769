/** Domain errors are named codes; each gateway maps them to its family's error shape in one place. */
export type DomainErrorCode =
  | 'STREAM_ALREADY_EXISTS'
  | 'NOT_FOUND'
  | 'INVALID_AMOUNT'
  | 'PAYMENT_NOT_WAITING'
  | 'PAYMENT_NOT_PAYABLE'
  | 'PAYMENT_NOT_EXPIRED_YET'
  | 'INVALID_TRANSITION'
  | 'DUPLICATE_DEPOSIT'
  | 'INVALID_MERCHANT'
  | 'INVALID_SUBSCRIPTION'
  | 'UNKNOWN_CURRENCY'
  | 'NOT_A_CRYPTO_CURRENCY'
  | 'COIN_NOT_ENABLED'
  | 'NETWORK_NOT_PAYABLE'
  | 'NO_COIN_ENABLED'
  | 'STALE_PRICE'
  | 'PRICES_DISAGREE'
  | 'BELOW_MINIMUM'
  | 'ABOVE_MAXIMUM'
  | 'INVALID_LIFETIME';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
