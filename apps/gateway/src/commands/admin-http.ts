/** The admin API of a running gateway, as the CLI calls it. */

export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class GatewayUnreachableError extends Error {
  override readonly name = 'GatewayUnreachableError';
}

export interface AdminTarget {
  /** Gateway base URL, without a trailing slash. */
  url: string;
  token: string;
}

const REQUEST_TIMEOUT_MS = 30_000;

export class AdminHttpClient {
  constructor(private readonly target: AdminTarget) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${this.target.url}/admin/v1${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.target.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new GatewayUnreachableError(
        `cannot reach the gateway at ${this.target.url} (${reason}); is it running? Point --url or GATEWAY_URL at it`,
      );
    }
    const text = await response.text();
    const parsed = parseJson(text);
    if (!response.ok) throw new AdminApiError(response.status, messageOf(parsed, text, response));
    if (parsed === undefined)
      throw new AdminApiError(
        response.status,
        `the gateway answered ${method} ${path} with a body that is not JSON`,
      );
    return parsed as T;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(parsed: unknown, text: string, response: Response): string {
  const message = (parsed as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return message;
  return text.trim().slice(0, 200) || response.statusText || 'request failed';
}
