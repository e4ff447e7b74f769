export type RatesErrorCode = 'UNKNOWN_CURRENCY' | 'INVALID_AMOUNT' | 'NOT_A_CRYPTO_CURRENCY';

/** Base of every error this package throws; gateways map `code` to their family's error shape. */
export abstract class RatesError extends Error {
  abstract readonly code: RatesErrorCode;
}

export class UnknownCurrencyError extends RatesError {
  readonly code = 'UNKNOWN_CURRENCY';
  constructor(readonly currency: string) {
    super(`Unknown currency: ${currency}`);
    this.name = 'UnknownCurrencyError';
  }
}

export class InvalidAmountError extends RatesError {
  readonly code = 'INVALID_AMOUNT';
  constructor(
    readonly amount: string,
    reason: string,
  ) {
    super(`Invalid amount ${JSON.stringify(amount)}: ${reason}`);
    this.name = 'InvalidAmountError';
  }
}

export class NotACryptoCurrencyError extends RatesError {
  readonly code = 'NOT_A_CRYPTO_CURRENCY';
  constructor(readonly currency: string) {
    super(`${currency} is not a crypto currency`);
    this.name = 'NotACryptoCurrencyError';
  }
}
