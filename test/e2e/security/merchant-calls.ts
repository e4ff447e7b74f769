import { createHash } from 'node:crypto';
import type { MerchantKeys } from '@gw/application';

// Tests read the fields they assert on, so bodies are typed loosely here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = Record<string, any>;

export interface Answer {
  status: number;
  body: JsonBody;
}

/** One call of any family with the merchant's credentials as that family sends them. */
export class MerchantCalls {
  constructor(
    private readonly baseUrl: string,
    readonly keys: MerchantKeys,
  ) {}

  v1(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.send(method, path, body, { 'x-api-key': this.keys.apiKey });
  }

  alpha(path: string, body: unknown = {}): Promise<Answer> {
    const text = JSON.stringify(body);
    const sign = createHash('md5')
      .update(Buffer.from(text).toString('base64') + this.keys.paymentKey)
      .digest('hex');
    return this.send('POST', path, text, { merchant: this.keys.merchantId, sign }, true);
  }

  beta(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.send(method, path, body, { merchant_api_key: this.keys.betaApiKey });
  }

  private async send(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    raw = false,
  ): Promise<Answer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: raw ? String(body) : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : JSON.parse(text) };
  }
}
