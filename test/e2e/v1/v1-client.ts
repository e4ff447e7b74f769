import type { TestGateway } from '../../support/gateway';

// Tests assert on response fields one by one (types included), so bodies are typed loosely here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = Record<string, any>;

export interface V1Answer<T = JsonBody> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface V1RequestOptions {
  /** JSON-encoded unless `raw` or `form` is given. */
  body?: unknown;
  raw?: string;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The x-api-key to send; null sends none. Defaults to the client's merchant key. */
  apiKey?: string | null;
}

/** V1 calls over real HTTP as one merchant. */
export class V1Client {
  constructor(
    readonly gateway: TestGateway,
    readonly apiKey: string = gateway.demoMerchant.apiKey,
  ) {}

  async call<T = JsonBody>(
    method: string,
    path: string,
    options: V1RequestOptions = {},
  ): Promise<V1Answer<T>> {
    const headers: Record<string, string> = {};
    const apiKey = options.apiKey === undefined ? this.apiKey : options.apiKey;
    if (apiKey !== null) headers['x-api-key'] = apiKey;
    let body: string | undefined = options.raw;
    if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.gateway.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = JsonBody>(path: string, options: V1RequestOptions = {}) {
    return this.call<T>('GET', path, options);
  }

  post<T = JsonBody>(path: string, body?: unknown, options: V1RequestOptions = {}) {
    return this.call<T>('POST', path, { ...options, body });
  }

  async createPayment(fields: Record<string, unknown> = {}): Promise<JsonBody> {
    const created = await this.post('/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
      ...fields,
    });
    if (created.status !== 201)
      throw new Error(`POST /v1/payment answered ${created.status}: ${created.text}`);
    return created.body;
  }

  async createInvoice(fields: Record<string, unknown> = {}): Promise<JsonBody> {
    const created = await this.post('/v1/invoice', { price_amount: 250, price_currency: 'usd', ...fields });
    if (created.status !== 201)
      throw new Error(`POST /v1/invoice answered ${created.status}: ${created.text}`);
    return created.body;
  }

  /** Reads are eventually consistent: polls GET /v1/payment/{id} until `accept` holds. */
  async paymentWhen(
    paymentId: number,
    accept: (payment: JsonBody) => boolean,
    timeoutMs = 10_000,
  ): Promise<JsonBody> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const read = await this.get(`/v1/payment/${paymentId}`);
      if (read.status === 200 && accept(read.body)) return read.body;
      if (Date.now() > deadline)
        throw new Error(`payment ${paymentId} never matched; last read ${read.status}: ${read.text}`);
      await pause(20);
    }
  }

  readablePayment(paymentId: number): Promise<JsonBody> {
    return this.paymentWhen(paymentId, () => true);
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries an assertion until it holds: read models follow the event store by a few milliseconds. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await pause(25);
    }
  }
}

/** Every V1 error has this shape. */
export function expectV1Error(
  answer: V1Answer,
  statusCode: number,
  code: string,
  message?: string | RegExp,
): void {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status: statusCode,
    body: {
      status: false,
      statusCode,
      code,
      error: expect.any(String),
      message:
        message === undefined
          ? expect.any(String)
          : typeof message === 'string'
            ? message
            : expect.stringMatching(message),
    },
  });
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
}

export const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Calls the admin API of the test gateway. */
export async function admin<T = JsonBody>(
  gateway: TestGateway,
  method: string,
  path: string,
  body?: unknown,
): Promise<V1Answer<T>> {
  const response = await fetch(`${gateway.baseUrl}/admin/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${gateway.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as T,
    text,
  };
}

/** A client whose key is accepted: merchants, like everything else, are read from the read model. */
export async function readyClient(
  gateway: TestGateway,
  apiKey: string = gateway.demoMerchant.apiKey,
): Promise<V1Client> {
  const client = new V1Client(gateway, apiKey);
  await eventually(async () => expect((await client.get('/v1/payment/?limit=1')).status).toBe(200));
  return client;
}

export async function newMerchantClient(gateway: TestGateway, name: string): Promise<V1Client> {
  return readyClient(gateway, (await gateway.createMerchant(name)).apiKey);
}
