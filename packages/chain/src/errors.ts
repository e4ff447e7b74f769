export class UnknownNetworkError extends Error {
  readonly code = 'UNKNOWN_NETWORK';
  constructor(readonly network: string) {
    super(`Unknown network: ${network}`);
    this.name = 'UnknownNetworkError';
  }
}
