import { eventOf } from '@gw/contracts';
import { isOverpaid, parseStreamId, paymentAggregate, statusAfter, type Family } from '@gw/domain';
import {
  buildWebhookRequest,
  droppedDepositWebhookStatus,
  isRepeatedPaymentOpening,
  lateDepositWebhookStatus,
  refundRequestedWebhookStatus,
  webhookStatusFor,
  type CurrencyFacts,
} from '@gw/families';
import { activeTraceparent, type Clock } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import type { StreamHistory } from '@gw/views';
import { deliveryIdOf, type Delivery } from '../delivery/delivery';
import type { DeliveryLog } from '../log/delivery-log';
import { paymentAtVersion } from '../payloads/payment-history';

/** The part of a `payments.events` message (or a stored event) the intake reads. */
export interface ObservedEvent {
  streamId: string;
  version: number;
  type: string;
  occurredAt: string;
  merchantId: string;
  data: Record<string, unknown>;
}

export class MerchantNotFoundError extends Error {
  override readonly name = 'MerchantNotFoundError';
}

/**
 * Turns a payment status change, money arriving after the payment was done, or a counted deposit whose
 * transaction left the chain for good, into a durable, signed delivery — or into nothing when the family
 * sends no webhook for it or the payment has no callback URL. The payload is built by the family's
 * module from the read model's document of the payment as of the event's version (the payment's events
 * in the history read model folded with the read model's own projection up to that version: the stored
 * document may be behind or ahead of it), the same document the family's API records are built from.
 * The outbox relay records a commit's events in the history before it publishes them, so every event
 * of `payments.events` finds its predecessors there.
 * Idempotent: the delivery id is derived from (payment, version), so redelivered events add nothing.
 */
export class StatusIntake {
  /** Status changes before this instant predate the notifier and are not delivered. */
  since: string | null = null;

  constructor(
    private readonly deps: {
      /** The payment's events up to the one at hand (the history read model). */
      streams: Pick<StreamHistory, 'events'>;
      /** The merchants' read model: where the signing keys are read, as the gateways read them. */
      merchants: Pick<MerchantDirectory, 'byId' | 'ipnSecretOf' | 'paymentKeyOf' | 'betaApiKeyOf'>;
      log: DeliveryLog;
      facts: CurrencyFacts;
      clock: Clock;
    },
  ) {}

  async onEvent(event: ObservedEvent): Promise<Delivery | null> {
    const paymentId = paymentIdOf(event.streamId);
    if (paymentId === null) return null;
    const lateDeposit = event.type === 'LateDepositReceived';
    const refundRequested = event.type === 'PaymentRefundRequested';
    if (!lateDeposit && !refundRequested && statusAfter(eventOf(event, paymentAggregate)) === null)
      return null;
    if (this.since !== null && event.occurredAt < this.since) return null;
    // A stream's first event is its whole history up to version 1: no need to read it back.
    const history =
      event.version === 1 ? [event] : await this.deps.streams.events(event.streamId, event.version);
    const at = paymentAtVersion(history, event.version);
    if (!at) throw new Error(`${event.streamId} has no version ${event.version} in the payment history`);
    const { payment, statusBefore } = at;
    const webhookStatus = lateDeposit
      ? lateDepositWebhookStatus(payment)
      : refundRequested
        ? refundRequestedWebhookStatus(payment)
        : event.type === 'DepositDropped'
          ? droppedDepositWebhookStatus(payment)
          : isRepeatedPaymentOpening(payment, statusBefore)
            ? null
            : webhookStatusFor(payment.family, statusBefore, payment.status, isOverpaid(payment));
    const url = payment.callbackUrl;
    if (webhookStatus === null || !url) return null;
    // Asked only for an event that has a webhook: most have none (no callback URL, or a status its
    // family does not announce), and on the engines every ask is a query. Deciding first costs a
    // redelivered later event a read of its stream, which redeliveries are too rare to matter.
    const deliveryId = deliveryIdOf(paymentId, event.version);
    const existing = await this.deps.log.get(deliveryId);
    if (existing) return existing;

    const signingKey = await this.signingKeyOf(payment.merchantId, payment.family);
    const request = buildWebhookRequest(payment, this.deps.facts, signingKey);
    const traceparent = activeTraceparent();
    return this.deps.log.append({
      type: 'DeliveryScheduled',
      delivery: {
        deliveryId,
        merchantId: payment.merchantId,
        paymentId: payment.paymentId,
        family: payment.family,
        eventVersion: event.version,
        paymentStatus: payment.status,
        webhookStatus,
        url,
        body: request.body,
        headers: request.headers,
        createdAt: this.deps.clock.now().toISOString(),
        ...(traceparent ? { traceparent } : {}),
      },
    });
  }

  /**
   * The merchant's current key for the family's signature, from the merchants' read model. Payments
   * writes a merchant's document with each append to its stream (read-your-writes), so a key is
   * readable here as soon as the command that set it was answered.
   */
  async signingKeyOf(merchantId: string, family: Family): Promise<string> {
    const { merchants } = this.deps;
    const merchant = await merchants.byId(merchantId);
    if (!merchant) throw new MerchantNotFoundError(`merchant ${merchantId} not found`);
    switch (family) {
      case 'v1':
        return merchants.ipnSecretOf(merchant);
      case 'alpha':
        return merchants.paymentKeyOf(merchant);
      case 'beta':
        return merchants.betaApiKeyOf(merchant);
    }
  }
}

function paymentIdOf(streamId: string): number | null {
  try {
    const { aggregate, id } = parseStreamId(streamId);
    return aggregate === 'payment' && /^\d+$/.test(id) ? Number(id) : null;
  } catch {
    return null;
  }
}
