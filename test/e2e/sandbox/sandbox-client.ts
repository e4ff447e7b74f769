import type { TestGateway } from '../../support/gateway';

export interface HttpAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface V1Payment {
  payment_id: number;
  payment_status: string;
  pay_address: string;
  pay_amount: number;
  actually_paid: number;
  outcome_amount: number;
  outcome_currency: string;
  payin_hash: string | null;
  payout_hash: string | null;
  is_test: boolean;
}

/** What the e2e tests of the sandbox do over real HTTP: V1 calls as a merchant, sandbox calls as a tester. */
export class SandboxClient {
  constructor(private readonly gateway: TestGateway) {}

  /** Calls as the demo merchant (its V1 `x-api-key`), or with the `credentials` headers given. */
  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    credentials: Record<string, string> = { 'x-api-key': this.gateway.demoMerchant.apiKey },
  ): Promise<HttpAnswer<T>> {
    const response = await fetch(`${this.gateway.baseUrl}${path}`, {
      method,
      headers: {
        ...credentials,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async createPayment(extra: Record<string, unknown> = {}): Promise<V1Payment> {
    const created = await this.call<V1Payment>('POST', '/v1/payment', {
      price_amount: 100,
      price_currency: 'usd',
      pay_currency: 'btc',
      order_id: 'sandbox-e2e',
      ...extra,
    });
    if (created.status !== 201)
      throw new Error(`create payment answered ${created.status}: ${JSON.stringify(created.body)}`);
    return created.body;
  }

  async payment(paymentId: number): Promise<V1Payment> {
    const read = await this.call<V1Payment>('GET', `/v1/payment/${paymentId}`);
    if (read.status !== 200)
      throw new Error(`GET payment answered ${read.status}: ${JSON.stringify(read.body)}`);
    return read.body;
  }

  /** Reads are eventually consistent: polls the V1 payment until `accept` holds, for at most `timeoutMs`. */
  async paymentWhen(
    paymentId: number,
    accept: (payment: V1Payment) => boolean,
    timeoutMs = 10_000,
  ): Promise<V1Payment> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const read = await this.call<V1Payment>('GET', `/v1/payment/${paymentId}`);
      if (read.status === 200 && accept(read.body)) return read.body;
      if (Date.now() > deadline)
        throw new Error(
          `payment ${paymentId} never matched; last read ${read.status}: ${JSON.stringify(read.body)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  paymentIn(paymentId: number, status: string, timeoutMs?: number): Promise<V1Payment> {
    return this.paymentWhen(paymentId, (payment) => payment.payment_status === status, timeoutMs);
  }

  /** The payment's event types, in order, from the event store. */
  async eventTypes(paymentId: number): Promise<string[]> {
    const events = await this.gateway.gateway.ctx.eventStore.readStream(`payment-${paymentId}`);
    return events.map((event) => event.type);
  }
}
