import {
  streamIdOf,
  SUBSCRIPTION_STATUSES,
  type PlanTerms,
  type SubscriptionStatus,
  type SubscriptionTerms,
} from '@gw/domain';
import { createUnderFreshId } from './fresh-ids';
import { knownCurrency, priceAmount } from './catalogue-rules';
import type { ServiceContext } from './context';
import {
  currencyCode,
  decimalAmount,
  email,
  httpUrl,
  NOT_BLANK,
  nullable,
  validateInput,
} from './input-validation';
import { MerchantCommandError } from './merchant-onboarding';
import { ReadSide } from './read-side';

const DAY_MS = 24 * 60 * 60 * 1000;

// Subscription plans and subscriptions as the admin API (so the CLI) and the dashboard write them: the
// same input, the same checks, the same commands, which the V1 API then reads.

export interface NewPlanInput {
  title: string;
  amount: number | string;
  currency: string;
  interval_day: number;
  success_url?: string | null;
  cancel_url?: string | null;
  partially_paid_url?: string | null;
  ipn_callback_url?: string | null;
}

export const newPlanSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'amount', 'currency', 'interval_day'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 255, pattern: NOT_BLANK },
    amount: decimalAmount,
    currency: currencyCode,
    interval_day: { type: 'integer', minimum: 1, maximum: 3650 },
    success_url: nullable(httpUrl),
    cancel_url: nullable(httpUrl),
    partially_paid_url: nullable(httpUrl),
    ipn_callback_url: nullable(httpUrl),
  },
};

export interface NewSubscriptionInput {
  subscription_plan_id: number;
  email: string;
}

export const newSubscriptionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['subscription_plan_id', 'email'],
  properties: {
    subscription_plan_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    email,
  },
};

export interface SubscriptionStatusInput {
  status: SubscriptionStatus;
}

export const subscriptionStatusSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: [...SUBSCRIPTION_STATUSES] } },
};

/** A subscription as a status change left it. */
export interface ChangedSubscription {
  terms: SubscriptionTerms;
  status: SubscriptionStatus;
  updatedAt: string;
}

const refused = (reply: { ok: false; error: { code: string; message: string } }) =>
  new MerchantCommandError(reply.error.code, reply.error.message);

/** Checks the input (schema, then the catalogue) and creates the merchant's plan. */
export async function createSubscriptionPlan(
  ctx: ServiceContext,
  merchantId: string,
  input: unknown,
): Promise<PlanTerms> {
  const body = validateInput<NewPlanInput>(newPlanSchema, input);
  await requireMerchant(ctx, merchantId);
  const rates = ctx.rates.current();
  const currency = knownCurrency(rates, 'currency', body.currency);
  const now = ctx.clock.now().toISOString();
  const { terms: plan, reply } = await createUnderFreshId(
    (planId): PlanTerms => ({
      planId,
      merchantId,
      title: body.title.trim(),
      amount: priceAmount(rates, 'amount', body.amount, currency),
      currency,
      intervalDay: body.interval_day,
      successUrl: body.success_url ?? null,
      cancelUrl: body.cancel_url ?? null,
      partiallyPaidUrl: body.partially_paid_url ?? null,
      ipnCallbackUrl: body.ipn_callback_url ?? null,
      createdAt: now,
    }),
    (terms) =>
      ctx.commands.send(streamIdOf('plan', terms.planId), merchantId, {
        type: 'CreateSubscriptionPlan',
        data: terms,
        metadata: { now },
      }),
  );
  if (!reply.ok) throw refused(reply);
  return plan;
}

/** Subscribes an email to one of the merchant's own plans; another merchant's plan is not found. */
export async function subscribeToPlan(
  ctx: ServiceContext,
  merchantId: string,
  input: unknown,
): Promise<SubscriptionTerms> {
  const body = validateInput<NewSubscriptionInput>(newSubscriptionSchema, input);
  await requireMerchant(ctx, merchantId);
  const plan = await new ReadSide(ctx.readModels).plan(body.subscription_plan_id);
  if (!plan || plan.merchantId !== merchantId) {
    throw new MerchantCommandError(
      'NOT_FOUND',
      `subscription plan ${body.subscription_plan_id} not found for this merchant`,
    );
  }
  const now = ctx.clock.now();
  const { terms: subscription, reply } = await createUnderFreshId(
    (subscriptionId): SubscriptionTerms => ({
      subscriptionId,
      planId: plan.planId,
      merchantId,
      subscriberEmail: body.email,
      createdAt: now.toISOString(),
      expireDate: new Date(now.getTime() + plan.intervalDay * DAY_MS).toISOString(),
    }),
    (terms) =>
      ctx.commands.send(streamIdOf('subscription', terms.subscriptionId), merchantId, {
        type: 'CreateSubscription',
        data: terms,
        metadata: { now: terms.createdAt },
      }),
  );
  if (!reply.ok) throw refused(reply);
  return subscription;
}

/**
 * Pauses, resumes, cancels or expires a subscription. `ownedBy` scopes it to one merchant (the
 * dashboard): another merchant's subscription is not found. The operator passes null.
 */
export async function changeSubscriptionStatus(
  ctx: ServiceContext,
  subscriptionId: number,
  input: unknown,
  ownedBy: string | null,
): Promise<ChangedSubscription> {
  const { status } = validateInput<SubscriptionStatusInput>(subscriptionStatusSchema, input);
  const current = await new ReadSide(ctx.readModels).subscription(subscriptionId);
  if (!current || (ownedBy !== null && current.merchantId !== ownedBy)) {
    throw new MerchantCommandError('NOT_FOUND', 'subscription not found');
  }
  const now = ctx.clock.now().toISOString();
  const reply = await ctx.commands.send(streamIdOf('subscription', subscriptionId), current.merchantId, {
    type: 'ChangeSubscriptionStatus',
    data: { status },
    metadata: { now },
  });
  if (!reply.ok) throw refused(reply);
  const { planId, merchantId, subscriberEmail, createdAt, expireDate } = current;
  return {
    terms: { subscriptionId, planId, merchantId, subscriberEmail, createdAt, expireDate },
    status,
    updatedAt: reply.eventTypes.length > 0 ? now : current.updatedAt,
  };
}

async function requireMerchant(ctx: ServiceContext, merchantId: string): Promise<void> {
  if (!(await new ReadSide(ctx.readModels).merchant(merchantId))) {
    throw new MerchantCommandError('NOT_FOUND', 'merchant not found');
  }
}
