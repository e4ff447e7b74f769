import type { Command, DomainEvent } from '../messages';
import { defineAggregate } from '../aggregate';
import { DomainError, assertNever } from '../errors';

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionTerms {
  subscriptionId: number;
  planId: number;
  merchantId: string;
  subscriberEmail: string;
  createdAt: string;
  expireDate: string;
}

export type SubscriptionCreated = DomainEvent<'SubscriptionCreated', SubscriptionTerms>;
export type SubscriptionStatusChanged = DomainEvent<
  'SubscriptionStatusChanged',
  { status: SubscriptionStatus; at: string }
>;
export type SubscriptionEvent = SubscriptionCreated | SubscriptionStatusChanged;

export type Subscription =
  { status: 'none' } | { status: SubscriptionStatus; terms: SubscriptionTerms; updatedAt: string };

export const initialSubscription = (): Subscription => ({ status: 'none' });

export function evolveSubscription(state: Subscription, event: SubscriptionEvent): Subscription {
  switch (event.type) {
    case 'SubscriptionCreated':
      return state.status === 'none'
        ? { status: 'active', terms: event.data, updatedAt: event.data.createdAt }
        : state;
    case 'SubscriptionStatusChanged':
      return state.status === 'none'
        ? state
        : { ...state, status: event.data.status, updatedAt: event.data.at };
    default:
      return assertNever(event);
  }
}

export type CreateSubscription = Command<'CreateSubscription', SubscriptionTerms>;
export type ChangeSubscriptionStatus = Command<'ChangeSubscriptionStatus', { status: SubscriptionStatus }>;
export type SubscriptionCommand = CreateSubscription | ChangeSubscriptionStatus;
export type SubscriptionCommandType = SubscriptionCommand['type'];

/** Cancelled and expired subscriptions stay so; active and paused switch between each other. */
const ALLOWED: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  active: ['paused', 'cancelled', 'expired'],
  paused: ['active', 'cancelled', 'expired'],
  cancelled: [],
  expired: [],
};

export function decideSubscription(command: SubscriptionCommand, state: Subscription): SubscriptionEvent[] {
  switch (command.type) {
    case 'CreateSubscription':
      if (state.status !== 'none')
        throw new DomainError('STREAM_ALREADY_EXISTS', 'subscription already exists');
      if (!/^[^@\s]+@[^@\s]+$/.test(command.data.subscriberEmail)) {
        throw new DomainError('INVALID_SUBSCRIPTION', 'subscriber email is not valid');
      }
      return [{ type: 'SubscriptionCreated', data: command.data }];
    case 'ChangeSubscriptionStatus':
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'subscription not found');
      if (state.status === command.data.status) return [];
      if (!ALLOWED[state.status].includes(command.data.status)) {
        throw new DomainError(
          'INVALID_TRANSITION',
          `a ${state.status} subscription cannot become ${command.data.status}`,
        );
      }
      return [
        {
          type: 'SubscriptionStatusChanged',
          data: { status: command.data.status, at: command.metadata.now },
        },
      ];
    default:
      return assertNever(command);
  }
}

export const subscriptionAggregate = defineAggregate<
  'subscription',
  SubscriptionCommand,
  SubscriptionEvent,
  Subscription
>({
  name: 'subscription',
  commandTypes: { CreateSubscription: true, ChangeSubscriptionStatus: true },
  eventTypes: { SubscriptionCreated: true, SubscriptionStatusChanged: true },
  decide: decideSubscription,
  evolve: evolveSubscription,
  initialState: initialSubscription,
});
