import type { MerchantKeys } from '@gw/application';

// Tests assert on fields one by one, so bodies are typed loosely here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = Record<string, any>;

export interface BetaAnswer {
  status: number;
  body: JsonBody;
}

export interface BetaSendOptions {
  /** Sent as is when a string, JSON-encoded otherwise. */
  body?: unknown;
  /** Overrides the merchant's key; null sends no key header. */
  apiKey?: string | null;
  headers?: Record<string, string>;
}

export interface ListItem {
  track_id: string;
  type: string;
  amount: number;
  currency: string;
  status: string;
  date: number;
}

/** A family B merchant over real HTTP: header `merchant_api_key`, the `{data, message, error, status, version}` envelope. */
export class BetaClient {
  constructor(
    private readonly baseUrl: string,
    readonly merchant: Pick<MerchantKeys, 'merchantId' | 'betaApiKey'>,
  ) {}

  async send(method: 'GET' | 'POST', path: string, options: BetaSendOptions = {}): Promise<BetaAnswer> {
    const apiKey = options.apiKey === undefined ? this.merchant.betaApiKey : options.apiKey;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (apiKey !== null) headers.merchant_api_key = apiKey;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}/beta/v1${path}`, { method, headers, body });
    return { status: response.status, body: (await response.json()) as JsonBody };
  }

  async createInvoice(
    fields: Record<string, unknown> = {},
  ): Promise<{ track_id: string; payment_url: string; expired_at: number; date: number }> {
    const answer = await this.send('POST', '/payment/invoice', {
      body: { amount: 20, currency: 'USD', ...fields },
    });
    if (answer.status !== 200)
      throw new Error(`invoice answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }

  async history(query: Record<string, string | number> = {}, path = '/payment'): Promise<BetaAnswer> {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const text = search.toString();
    return this.send('GET', `${path}${text === '' ? '' : `?${text}`}`);
  }

  /** Reads are eventually consistent: polls the history until the payment matches. */
  async itemWhen(
    trackId: string,
    accept: (item: ListItem) => boolean,
    timeoutMs = 20_000,
  ): Promise<ListItem> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await this.history({ track_id: trackId });
      const item = answer.body.data?.list?.[0] as ListItem | undefined;
      if (item && accept(item)) return item;
      if (Date.now() > deadline)
        throw new Error(`payment ${trackId} never matched; last answer ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export const envelopeOf = (status: number) => ({ status, version: '1.0.0' });
