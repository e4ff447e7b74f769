import { foldStream } from '@gw/contracts';
import {
  merchantAggregate,
  streamIdOf,
  subscriptionAggregate,
  subscriptionPlanAggregate,
  type AggregateStream,
  type AnyEvent,
  type Merchant,
  type Subscription,
  type SubscriptionPlan,
} from '@gw/domain';
import type { EventStore } from '@gw/store';

/**
 * The admin API checks existence and ownership on the write side (the event store), not on the read
 * models: an operator script that creates a merchant, then a plan, then a subscription must not see
 * "not found" because the projector is a few milliseconds behind.
 */
export class WriteSide {
  constructor(private readonly eventStore: EventStore) {}

  merchant(merchantId: string): Promise<Merchant> {
    return this.fold(merchantAggregate, streamIdOf('merchant', merchantId));
  }

  plan(planId: number): Promise<SubscriptionPlan> {
    return this.fold(subscriptionPlanAggregate, streamIdOf('plan', planId));
  }

  subscription(subscriptionId: number): Promise<Subscription> {
    return this.fold(subscriptionAggregate, streamIdOf('subscription', subscriptionId));
  }

  /** The merchant whose stream this is, or null when the stream has no events. */
  async ownerOf(streamId: string): Promise<string | null> {
    const [first] = await this.eventStore.readStream(streamId);
    return first?.merchantId ?? null;
  }

  private async fold<S>(aggregate: AggregateStream<AnyEvent, S>, streamId: string): Promise<S> {
    return foldStream(aggregate, await this.eventStore.readStream(streamId));
  }
}
