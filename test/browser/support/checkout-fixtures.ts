import { createHash, randomUUID } from 'node:crypto';
import { streamIdOf } from '@gw/domain';
import type { MerchantKeys } from '@gw/application';
import { COLLECTIONS, type InvoiceDocument, type PaymentDocument } from '@gw/views';
import type { TestGateway } from '../../support/gateway';

export interface InvoiceFields {
  price_amount?: number;
  price_currency?: string;
  pay_currency?: string;
  order_id?: string;
  order_description?: string;
  success_url?: string;
  cancel_url?: string;
  partially_paid_url?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the browser tests need from the rest of the system: invoices and payments made the way a
 * merchant makes them (the family APIs), payments paid the way a tester pays them (the sandbox chain).
 * Where a service is not running in this build, it falls back to the same commands and messages those
 * services would send, so the pages are still exercised end to end.
 */
export class CheckoutFixtures {
  constructor(
    readonly gateway: TestGateway,
    readonly merchant: MerchantKeys = gateway.demoMerchant,
  ) {}

  /** The same fixtures acting as another merchant. */
  as(merchant: MerchantKeys): CheckoutFixtures {
    return new CheckoutFixtures(this.gateway, merchant);
  }

  private get ctx() {
    return this.gateway.gateway.ctx;
  }

  /** POST /v1/invoice as the demo merchant; returns the invoice id. */
  async createInvoice(fields: InvoiceFields = {}): Promise<string> {
    const body = {
      price_amount: 49.9,
      price_currency: 'usd',
      order_id: 'ORDER-1042',
      order_description: 'Ceramic mug, blue',
      ...fields,
    };
    const answer = await this.v1('POST', '/v1/invoice', body);
    if (answer.status !== 201)
      throw new Error(`POST /v1/invoice answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const id = String(answer.body.id);
    await this.until(
      () => this.ctx.readModels.collection<InvoiceDocument>(COLLECTIONS.invoices).get(id),
      'invoice projected',
    );
    return id;
  }

  /** GET /v1/invoice-payment: the invoice's latest payment as the merchant's API sees it. */
  async invoicePayment(invoiceId: string): Promise<{ status: number; body: Record<string, unknown> }> {
    return this.v1('GET', `/v1/invoice-payment?invoiceId=${encodeURIComponent(invoiceId)}`);
  }

  /** POST /v1/payment as the merchant; returns the payment once the read model has it. */
  async createPayment(fields: Record<string, unknown> = {}): Promise<PaymentDocument> {
    const body = { price_amount: 25, price_currency: 'usd', pay_currency: 'btc', ...fields };
    const answer = await this.v1('POST', '/v1/payment', body);
    if (answer.status !== 201)
      throw new Error(`POST /v1/payment answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const paymentId = Number(answer.body.payment_id);
    return this.until(
      () => this.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments).findOne({ paymentId }),
      `payment ${paymentId}`,
    );
  }

  /** Family A: POST /alpha/v1/payment signed like upstream; returns the payment's `url`. */
  async createAlphaPayment(fields: Record<string, unknown>): Promise<string> {
    const body = JSON.stringify({
      amount: '25',
      currency: 'USD',
      order_id: `alpha-${randomUUID().slice(0, 8)}`,
      ...fields,
    });
    const { merchantId, paymentKey } = this.merchant;
    const sign = createHash('md5')
      .update(Buffer.from(body, 'utf8').toString('base64') + paymentKey)
      .digest('hex');
    const answer = await this.http('POST', '/alpha/v1/payment', body, { merchant: merchantId, sign });
    if (answer.status !== 200)
      throw new Error(`POST /alpha/v1/payment answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return String((answer.body.result as Record<string, unknown>).url);
  }

  /** Family B: POST /beta/v1/payment/invoice; returns its `payment_url`. */
  async createBetaInvoice(fields: Record<string, unknown>): Promise<string> {
    const body = JSON.stringify({ amount: 30, currency: 'USD', ...fields });
    const answer = await this.http('POST', '/beta/v1/payment/invoice', body, {
      merchant_api_key: this.merchant.betaApiKey,
    });
    if (answer.status !== 200)
      throw new Error(
        `POST /beta/v1/payment/invoice answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    return String((answer.body.data as Record<string, unknown>).payment_url);
  }

  async payment(uuid: string): Promise<PaymentDocument> {
    return this.until(
      () => this.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments).findOne({ uuid }),
      `payment ${uuid}`,
    );
  }

  /** Sends `amount` (default: all of it) to the payment's address through the sandbox chain. */
  async pay(
    payment: PaymentDocument,
    options: { amount?: string; confirmations?: number } = {},
  ): Promise<string> {
    const answer = await this.http(
      'POST',
      `/sandbox/v1/payments/${payment.paymentId}/pay`,
      JSON.stringify({
        ...(options.amount ? { amount: options.amount } : {}),
        confirmations: options.confirmations ?? 0,
      }),
      { 'x-api-key': this.merchant.apiKey },
    );
    if (answer.status !== 202)
      throw new Error(`sandbox pay answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return String(answer.body.tx_hash);
  }

  /** Advances a sandbox transaction to `confirmations`. */
  async confirm(txHash: string, confirmations: number): Promise<void> {
    const answer = await this.http(
      'POST',
      `/sandbox/v1/deposits/${txHash}/confirmations`,
      JSON.stringify({ confirmations }),
      { 'x-api-key': this.merchant.apiKey },
    );
    if (answer.status !== 202)
      throw new Error(`sandbox confirm answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }

  /** What the scheduler does on its tick once a payment's lifetime is over (the clock must be past it). */
  async expire(payment: PaymentDocument): Promise<void> {
    const reply = await this.ctx.commands.send(streamIdOf('payment', payment.paymentId), payment.merchantId, {
      type: 'ExpirePayment',
      data: {},
      metadata: { now: this.ctx.clock.now().toISOString() },
    });
    if (!reply.ok) throw new Error(`ExpirePayment refused: ${reply.error.message}`);
  }

  async paymentIn(uuid: string, status: string): Promise<PaymentDocument> {
    return this.until(async () => {
      const payment = await this.ctx.readModels
        .collection<PaymentDocument>(COLLECTIONS.payments)
        .findOne({ uuid });
      return payment?.status === status ? payment : null;
    }, `payment ${uuid} ${status}`);
  }

  private async v1(method: 'GET' | 'POST', path: string, body?: unknown) {
    // Merchant keys reach the read model a moment after the merchant is created.
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.http(method, path, body === undefined ? undefined : JSON.stringify(body), {
        'x-api-key': this.merchant.apiKey,
      });
      if ((answer.status !== 401 && answer.status !== 403) || attempt >= 50) return answer;
      await sleep(20);
    }
  }

  private async http(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.gateway.baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body,
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed };
  }

  private async until<T>(read: () => Promise<T | null>, what: string, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(20);
    }
  }
}
