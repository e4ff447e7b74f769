import type { Amount } from '../money';
import type { Command, DomainEvent } from '../messages';
import { defineAggregate } from '../aggregate';
import { DomainError, assertNever } from '../errors';
import { isMoney } from '../money-input';

export interface PlanTerms {
  planId: number;
  merchantId: string;
  title: string;
  amount: Amount;
  currency: string;
  intervalDay: number;
  successUrl: string | null;
  cancelUrl: string | null;
  partiallyPaidUrl: string | null;
  ipnCallbackUrl: string | null;
  createdAt: string;
}

export type SubscriptionPlanCreated = DomainEvent<'SubscriptionPlanCreated', PlanTerms>;
export type SubscriptionPlanEvent = SubscriptionPlanCreated;

export type SubscriptionPlan = { status: 'none' } | { status: 'active'; terms: PlanTerms };

export const initialSubscriptionPlan = (): SubscriptionPlan => ({ status: 'none' });

export function evolveSubscriptionPlan(
  state: SubscriptionPlan,
  event: SubscriptionPlanEvent,
): SubscriptionPlan {
  switch (event.type) {
    case 'SubscriptionPlanCreated':
      return state.status === 'none' ? { status: 'active', terms: event.data } : state;
    default:
      return assertNever(event.type);
  }
}

export type CreateSubscriptionPlan = Command<'CreateSubscriptionPlan', PlanTerms>;
export type SubscriptionPlanCommand = CreateSubscriptionPlan;
export type SubscriptionPlanCommandType = SubscriptionPlanCommand['type'];

export function decideSubscriptionPlan(
  command: SubscriptionPlanCommand,
  state: SubscriptionPlan,
): SubscriptionPlanEvent[] {
  switch (command.type) {
    case 'CreateSubscriptionPlan':
      if (state.status !== 'none') throw new DomainError('STREAM_ALREADY_EXISTS', 'plan already exists');
      // The money parser again, whatever entry point sent the command: no "Infinity" is ever made durable.
      if (!isMoney(command.data.amount))
        throw new DomainError('INVALID_AMOUNT', 'amount must be a positive number');
      if (!Number.isInteger(command.data.intervalDay) || command.data.intervalDay < 1) {
        throw new DomainError('INVALID_SUBSCRIPTION', 'interval_day must be a positive whole number of days');
      }
      return [{ type: 'SubscriptionPlanCreated', data: command.data }];
    default:
      return assertNever(command.type);
  }
}

export const subscriptionPlanAggregate = defineAggregate<
  'plan',
  SubscriptionPlanCommand,
  SubscriptionPlanEvent,
  SubscriptionPlan
>({
  name: 'plan',
  commandTypes: { CreateSubscriptionPlan: true },
  eventTypes: { SubscriptionPlanCreated: true },
  decide: decideSubscriptionPlan,
  evolve: evolveSubscriptionPlan,
  initialState: initialSubscriptionPlan,
});
