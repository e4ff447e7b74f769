import type { PlanView, SubscriptionView } from '@gw/service-admin';
import { stringFlag, wholeNumber, type AdminCommand } from './admin-command';
import { describePlan, describeSubscription } from './admin-output';

const id = encodeURIComponent;

export const PLAN_COMMANDS: Record<string, AdminCommand> = {
  create: {
    synopsis:
      'plan create <merchant-id> --title <t> --amount <a> --currency <c> --interval-day <n> [--success-url <u>] [--cancel-url <u>] [--partially-paid-url <u>] [--ipn-callback-url <u>]',
    summary: 'create a subscription plan',
    args: ['merchant-id'],
    options: {
      title: { type: 'string' },
      amount: { type: 'string' },
      currency: { type: 'string' },
      'interval-day': { type: 'string' },
      'success-url': { type: 'string' },
      'cancel-url': { type: 'string' },
      'partially-paid-url': { type: 'string' },
      'ipn-callback-url': { type: 'string' },
    },
    required: ['title', 'amount', 'currency', 'interval-day'],
    async run({ client, flags, args: [merchantId = ''], print }) {
      const body = {
        title: stringFlag(flags, 'title'),
        // A string keeps the amount exact; the API accepts decimal strings.
        amount: stringFlag(flags, 'amount'),
        currency: stringFlag(flags, 'currency'),
        interval_day: wholeNumber(stringFlag(flags, 'interval-day') ?? '', '--interval-day'),
        success_url: stringFlag(flags, 'success-url'),
        cancel_url: stringFlag(flags, 'cancel-url'),
        partially_paid_url: stringFlag(flags, 'partially-paid-url'),
        ipn_callback_url: stringFlag(flags, 'ipn-callback-url'),
      };
      print(
        await client.request<PlanView>('POST', `/merchants/${id(merchantId)}/subscription-plans`, body),
        describePlan,
      );
    },
  },
};

export const SUBSCRIPTION_COMMANDS: Record<string, AdminCommand> = {
  create: {
    synopsis: 'subscription create <merchant-id> --plan <plan-id> --email <email>',
    summary: 'subscribe an email to a plan',
    args: ['merchant-id'],
    options: { plan: { type: 'string' }, email: { type: 'string' } },
    required: ['plan', 'email'],
    async run({ client, flags, args: [merchantId = ''], print }) {
      const body = {
        subscription_plan_id: wholeNumber(stringFlag(flags, 'plan') ?? '', '--plan'),
        email: stringFlag(flags, 'email'),
      };
      print(
        await client.request<SubscriptionView>('POST', `/merchants/${id(merchantId)}/subscriptions`, body),
        describeSubscription,
      );
    },
  },
  status: {
    synopsis: 'subscription status <subscription-id> <active|paused|cancelled|expired>',
    summary: 'change a subscription status',
    args: ['subscription-id', 'status'],
    options: {},
    async run({ client, args: [subscriptionId = '', status = ''], print }) {
      const path = `/subscriptions/${id(subscriptionId)}`;
      print(
        await client.request<SubscriptionView>('PATCH', path, { status: status.toLowerCase() }),
        describeSubscription,
      );
    },
  },
};
