import { eventOf, foldStream } from '@gw/contracts';
import {
  isOverpaid,
  merchantAggregate,
  parseStreamId,
  paymentAggregate,
  statusAfter,
  streamIdOf,
  type Family,
  type MerchantCredentials,
} from '@gw/domain';
import { activeTraceparent, type Clock, type SecretBox } from '@gw/platform';
import type { EventStore } from '@gw/store';
import { deliveryIdOf, type Delivery } from '../delivery/delivery';
import type { DeliveryLog } from '../log/delivery-log';
import type { CurrencyFacts } from '../payloads/currency-facts';
import { paymentAtVersion } from '../payloads/payment-history';
import {
  droppedDepositWebhookStatus,
  isRepeatedPaymentOpening,
  lateDepositWebhookStatus,
  webhookStatusFor,
} from '../payloads/triggers';
import { buildWebhookRequest } from '../payloads/webhook-request';

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
 * sends no webhook for it or the payment has no callback URL. The payload is built from the payment
 * stream folded up to the event's version, never from a read model that may be behind or ahead.
 * Idempotent: the delivery id is derived from (payment, version), so redelivered events add nothing.
 */
export class StatusIntake {
  /** Status changes before this instant predate the notifier and are not delivered. */
  since: string | null = null;

  constructor(
    private readonly deps: {
      eventStore: EventStore;
      log: DeliveryLog;
      secrets: SecretBox;
      facts: CurrencyFacts;
      clock: Clock;
    },
  ) {}

  async onEvent(event: ObservedEvent): Promise<Delivery | null> {
    const paymentId = paymentIdOf(event.streamId);
    if (paymentId === null) return null;
    const lateDeposit = event.type === 'LateDepositReceived';
    if (!lateDeposit && statusAfter(eventOf(event, paymentAggregate)) === null) return null;
    if (this.since !== null && event.occurredAt < this.since) return null;
    const deliveryId = deliveryIdOf(paymentId, event.version);
    const existing = await this.deps.log.get(deliveryId);
    if (existing) return existing;

    // A stream's first event is its whole history up to version 1: no need to read the stream back
    // (on FerretDB 1.24 every lookup there reads the whole commits collection).
    const history = event.version === 1 ? [event] : await this.deps.eventStore.readStream(event.streamId);
    const at = paymentAtVersion(history, event.version);
    if (!at) throw new Error(`${event.streamId} has no version ${event.version} in the event store`);
    const { payment, statusBefore } = at;
    const webhookStatus = lateDeposit
      ? lateDepositWebhookStatus(payment)
      : event.type === 'DepositDropped'
        ? droppedDepositWebhookStatus(payment)
        : isRepeatedPaymentOpening(payment, statusBefore)
          ? null
          : webhookStatusFor(payment.terms.family, statusBefore, payment.status, isOverpaid(payment));
    const url = payment.terms.callbackUrl;
    if (webhookStatus === null || !url) return null;

    const signingKey = await this.signingKeyOf(payment.terms.merchantId, payment.terms.family);
    const request = buildWebhookRequest(payment, this.deps.facts, signingKey);
    const traceparent = activeTraceparent();
    return this.deps.log.append({
      type: 'DeliveryScheduled',
      delivery: {
        deliveryId,
        merchantId: payment.terms.merchantId,
        paymentId: payment.terms.paymentId,
        family: payment.terms.family,
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

  /** The merchant's current key for the family's signature, from the merchant's own stream (no read-model lag). */
  async signingKeyOf(merchantId: string, family: Family): Promise<string> {
    const credentials = await this.credentialsOf(merchantId);
    const cipher: Record<Family, keyof MerchantCredentials> = {
      v1: 'ipnSecretCipher',
      alpha: 'paymentKeyCipher',
      beta: 'betaApiKeyCipher',
    };
    return this.deps.secrets.open(credentials[cipher[family]], merchantId);
  }

  private async credentialsOf(merchantId: string): Promise<MerchantCredentials> {
    const history = await this.deps.eventStore.readStream(streamIdOf('merchant', merchantId));
    const merchant = foldStream(merchantAggregate, history);
    if (merchant.status === 'none') throw new MerchantNotFoundError(`merchant ${merchantId} not found`);
    return merchant.credentials;
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
