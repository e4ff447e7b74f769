/** Why the sandbox refused a request; the router renders `status` in V1's error shape. */
export class SandboxError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export const paymentNotFound = (what: string) => new SandboxError(404, `No payment found for ${what}`);
