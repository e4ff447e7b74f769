export class UnknownNetworkError extends Error {
  readonly code = 'UNKNOWN_NETWORK';
  constructor(readonly network: string) {
    super(`Unknown network: ${network}`);
    this.name = 'UnknownNetworkError';
  }
}

/** The address worker thread failed or stopped; allocations waiting for its batch fail with this. */
export class AddressWorkerError extends Error {
  readonly code = 'ADDRESS_WORKER_FAILED';
  constructor(message: string, cause?: Error) {
    super(cause ? `${message}: ${cause.message}` : message, { cause });
    this.name = 'AddressWorkerError';
  }
}

/** The allocator was closed (the gateway is stopping) and hands out no more addresses. */
export class AddressAllocatorClosedError extends Error {
  readonly code = 'ADDRESS_ALLOCATOR_CLOSED';
  constructor() {
    super('The address allocator is closed');
    this.name = 'AddressAllocatorClosedError';
  }
}
