export type WalletKeyErrorCode =
  | 'MALFORMED_KEY'
  | 'BAD_CHECKSUM'
  | 'PRIVATE_KEY'
  | 'WRONG_CHAIN'
  | 'UNSUPPORTED_DESCRIPTOR'
  | 'UNSUPPORTED_NETWORK'
  | 'NOT_AN_ACCOUNT_KEY';

/** Why an extended public key or descriptor cannot be a merchant's wallet; the message says it to the merchant. */
export class WalletKeyError extends Error {
  constructor(
    readonly code: WalletKeyErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WalletKeyError';
  }
}
