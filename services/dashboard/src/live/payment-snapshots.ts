import { eventOf } from '@gw/contracts';
import { paymentAggregate } from '@gw/domain';
import { projectPayment, type PaymentDocument, type StreamHistory } from '@gw/views';
import type { LivePaymentEvent } from './live-event';

/**
 * A payment as of an event, for the live pages, without waiting on the read model (which the
 * projector may not have caught up yet). Every event of a stream reaches this instance in order, so
 * the payment it folded at the previous version usually takes the event in place: no read at all. A
 * payment it has not followed (opened before a page subscribed, or pushed out of the cache) is folded
 * once from its events in the history read model, which the outbox relay wrote them to before it
 * published them. A payment already folded past the event is shown as it is
 * now: a page never goes back to an older state.
 */
export class PaymentSnapshots {
  private readonly recent = new Map<number, PaymentDocument>();

  constructor(
    private readonly streams: Pick<StreamHistory, 'events'>,
    private readonly capacity = 10_000,
  ) {}

  /** Follows a payment without reading it: cheap, so every event goes through here. */
  observe(event: LivePaymentEvent): void {
    const known = this.recent.get(event.paymentId) ?? null;
    if (event.version === 1 || (known !== null && known.version === event.version - 1)) {
      const next = projectPayment(known, eventOf(event, paymentAggregate), event.version);
      if (next) this.remember(next);
    }
  }

  /** The payment at the event's version or later; null when its stream does not hold it. */
  async at(event: LivePaymentEvent): Promise<PaymentDocument | null> {
    const known = this.recent.get(event.paymentId);
    if (known && known.version >= event.version) return known;
    const history = await this.streams.events(event.streamId);
    let folded: PaymentDocument | null = null;
    for (const stored of history)
      folded = projectPayment(folded, eventOf(stored, paymentAggregate), stored.version);
    if (!folded || folded.version < event.version) return null;
    this.remember(folded);
    return folded;
  }

  private remember(payment: PaymentDocument): void {
    this.recent.delete(payment.paymentId);
    this.recent.set(payment.paymentId, payment);
    if (this.recent.size > this.capacity) {
      const oldest = this.recent.keys().next().value as number;
      this.recent.delete(oldest);
    }
  }
}
