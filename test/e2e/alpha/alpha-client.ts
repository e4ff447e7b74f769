import { createHash } from 'node:crypto';
import type { MerchantKeys } from '@gw/application';

/** Upstream's recipe, written here independently of the gateway's code: md5(base64(body) + key). */
export const upstreamSign = (body: string, key: string): string =>
  createHash('md5')
    .update(Buffer.from(body, 'utf8').toString('base64') + key)
    .digest('hex');

export interface AlphaAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface AlphaPayment {
  uuid: string;
  order_id: string | null;
  amount: string;
  payment_amount: string;
  payer_amount: string;
  discount_percent: number;
  discount: string;
  payer_currency: string;
  currency: string;
  merchant_amount: string;
  network: string;
  address: string;
  from: string | null;
  txid: string | null;
  payment_status: string;
  url: string;
  expired_at: number;
  status: string;
  is_final: boolean;
  additional_data: string | null;
  created_at: string;
  updated_at: string;
}

export interface SendOptions {
  /** Exact body text; none is sent when undefined. */
  body?: string;
  /** What the signature is computed over; defaults to the body, or `{}` when there is none. */
  signedBody?: string;
  /** Overrides the computed signature; null sends no sign header. */
  sign?: string | null;
  /** Overrides the merchant header; null sends none. */
  merchant?: string | null;
  contentType?: string;
}

/** A family A merchant over real HTTP, signing like upstream: md5(base64(body) + payment key). */
export class AlphaClient {
  constructor(
    private readonly baseUrl: string,
    readonly merchant: Pick<MerchantKeys, 'merchantId' | 'paymentKey'>,
  ) {}

  async send<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    options: SendOptions = {},
  ): Promise<AlphaAnswer<T>> {
    const signedBody = options.signedBody ?? options.body ?? '{}';
    const sign =
      options.sign === undefined ? upstreamSign(signedBody, this.merchant.paymentKey) : options.sign;
    const merchant = options.merchant === undefined ? this.merchant.merchantId : options.merchant;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined)
      headers['content-type'] = options.contentType ?? 'application/json;charset=UTF-8';
    if (merchant !== null) headers.merchant = merchant;
    if (sign !== null) headers.sign = sign;
    const response = await fetch(`${this.baseUrl}/alpha/v1${path}`, { method, headers, body: options.body });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as T };
  }

  post<T = Record<string, unknown>>(
    path: string,
    data?: Record<string, unknown>,
    options: SendOptions = {},
  ): Promise<AlphaAnswer<T>> {
    return this.send<T>('POST', path, {
      body: data === undefined ? undefined : JSON.stringify(data),
      ...options,
    });
  }

  async createPayment(fields: Record<string, unknown> = {}): Promise<AlphaPayment> {
    const answer = await this.post<{ state: number; result: AlphaPayment }>('/payment', {
      amount: '20',
      currency: 'USD',
      order_id: `order-${Math.random().toString(36).slice(2, 12)}`,
      ...fields,
    });
    if (answer.status !== 200)
      throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  }

  async info(query: {
    uuid?: string;
    order_id?: string;
  }): Promise<AlphaAnswer<{ state: number; result: AlphaPayment; message?: string }>> {
    return this.post('/payment/info', query);
  }

  /** Reads are eventually consistent: polls /payment/info until `accept` holds. */
  async paymentWhen(
    uuid: string,
    accept: (payment: AlphaPayment) => boolean,
    timeoutMs = 10_000,
  ): Promise<AlphaPayment> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await this.info({ uuid });
      if (answer.status === 200 && accept(answer.body.result)) return answer.body.result;
      if (Date.now() > deadline)
        throw new Error(
          `payment ${uuid} never matched; last answer ${answer.status}: ${JSON.stringify(answer.body)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
