import { randomUUID } from 'node:crypto';
import { streamIdOf, type Family, type PaymentTerms } from '@gw/domain';
import type { ManualClock } from '@gw/platform';
import { openPayment, type MerchantKeys } from '@gw/application';
import type { TestGateway } from '../../../support/gateway';

/** Drives payments through their lifecycle with the family-neutral commands, as gateways and chain watchers do. */
export class PaymentDriver {
  constructor(private readonly gateway: TestGateway) {}

  private get ctx() {
    return this.gateway.gateway.ctx;
  }

  async open(family: Family, merchant: MerchantKeys, callbackUrl: string | null): Promise<PaymentTerms> {
    const { terms, reply } = await openPayment(this.ctx, {
      merchantId: merchant.merchantId,
      family,
      priceAmount: '100',
      priceCurrency: 'usd',
      payCurrency: 'btc',
      payAmount: '0.0011',
      orderId: `order-${randomUUID().slice(0, 8)}`,
      orderDescription: 'Notifier e2e',
      callbackUrl,
      lifetimeSeconds: 3600,
    });
    if (!reply.ok) throw new Error(`payment not created: ${reply.error.message}`);
    return terms;
  }

  async deposit(
    terms: PaymentTerms,
    amount: string,
    confirmations = terms.requiredConfirmations,
  ): Promise<void> {
    await this.command(terms, 'RecordDeposit', {
      txHash: `tx-${randomUUID()}`,
      amount,
      fromAddress: 'sender-address',
      confirmations,
    });
  }

  async payInFull(terms: PaymentTerms): Promise<void> {
    await this.deposit(terms, terms.payAmount);
  }

  /**
   * Pays the payment out. The chain service may be settling it at the same moment (it starts payouts of
   * confirmed payments by itself), so a step it already took is not an error; the payment ends finished.
   */
  async payOut(terms: PaymentTerms): Promise<void> {
    await this.command(terms, 'StartPayout', { serviceFeePercent: '1' }, true);
    await this.command(terms, 'CompletePayout', { payoutHash: `payout-${terms.paymentId}` }, true);
    await eventually(async () =>
      (await this.ctx.eventStore.readStream(streamIdOf('payment', terms.paymentId))).some(
        (e) => e.type === 'PaymentFinished',
      ),
    );
  }

  async command(
    terms: PaymentTerms,
    type: string,
    data: Record<string, unknown>,
    alreadyDoneIsFine = false,
  ): Promise<void> {
    const reply = await this.ctx.commands.send(streamIdOf('payment', terms.paymentId), terms.merchantId, {
      type,
      data,
    } as never);
    if (reply.ok || (alreadyDoneIsFine && reply.error.code === 'INVALID_TRANSITION')) return;
    throw new Error(`${type} refused: ${reply.error.message}`);
  }
}

/** The admin API of the test gateway. */
export async function admin<T = Record<string, unknown>>(
  gateway: TestGateway,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${gateway.baseUrl}/admin/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${gateway.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export interface DeliveryView {
  delivery_id: string;
  state: string;
  attempt_count: number;
  next_attempt_at: string | null;
  webhook_status: string;
  dead_reason: string | null;
  attempts: {
    number: number;
    status_code: number | null;
    error: string | null;
    latency_ms: number;
    response_body: string;
    at: string;
  }[];
}

export async function deliveriesOf(gateway: TestGateway, paymentId: number): Promise<DeliveryView[]> {
  const list = await admin<{ result: { delivery_id: string }[] }>(
    gateway,
    'GET',
    `/webhooks?payment_id=${paymentId}`,
  );
  const details = await Promise.all(
    list.body.result.map((d) => admin<DeliveryView>(gateway, 'GET', `/webhooks/${d.delivery_id}`)),
  );
  return details.map((d) => d.body).reverse();
}

export async function eventually<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Moves a manual clock past a delivery's next attempt, once its failed attempt is recorded, and waits
 * for that attempt to happen.
 */
export async function retryNow(
  gateway: TestGateway,
  clock: ManualClock,
  deliveryId: string,
): Promise<DeliveryView> {
  const before = await eventually(async () => {
    const { body } = await admin<DeliveryView>(gateway, 'GET', `/webhooks/${deliveryId}`);
    return body.state === 'pending' && body.next_attempt_at && body.attempt_count > 0 ? body : undefined;
  });
  clock.set(Math.max(clock.now().getTime(), Date.parse(before.next_attempt_at!) + 1));
  return eventually(async () => {
    const { body } = await admin<DeliveryView>(gateway, 'GET', `/webhooks/${deliveryId}`);
    return body.attempt_count > before.attempt_count ? body : undefined;
  });
}

export const statusesOf = (calls: { json: Record<string, unknown> }[], field: string): unknown[] =>
  calls.map((c) => c.json[field]);
