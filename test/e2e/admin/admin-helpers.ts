import type { TestGateway } from '../../support/gateway';

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The admin token to present; null sends no Authorization header. */
  token?: string | null;
}

/** Calls the admin API of a test gateway with its admin token unless told otherwise. */
export function adminClient(gateway: TestGateway) {
  return async function admin<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<JsonResponse<T>> {
    const token = options.token === undefined ? gateway.adminToken : options.token;
    const headers: Record<string, string> = { ...options.headers };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    return send<T>(`${gateway.baseUrl}/admin/v1${path}`, { method, headers, body });
  };
}

/** A V1 API call authenticated by a merchant's x-api-key. */
export function v1Get<T = Record<string, unknown>>(
  gateway: TestGateway,
  path: string,
  apiKey: string,
): Promise<JsonResponse<T>> {
  return send<T>(`${gateway.baseUrl}${path}`, { method: 'GET', headers: { 'x-api-key': apiKey } });
}

async function send<T>(url: string, init: RequestInit): Promise<JsonResponse<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}

/** Read models follow the event store by a few milliseconds; retries an assertion until it holds. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The types of the events recorded on a stream, in order. */
export async function eventTypesOf(gateway: TestGateway, streamId: string): Promise<string[]> {
  return (await gateway.gateway.ctx.eventStore.readStream(streamId)).map((event) => event.type);
}
