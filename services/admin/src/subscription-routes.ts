import { Router } from 'express';
import { streamIdOf, type PlanTerms, type SubscriptionTerms } from '@gw/domain';
import { asyncRoute, newNumericId } from '@gw/platform';
import type { ServiceContext } from '@gw/runtime';
import { AdminError, commandRefused, notFound } from './admin-errors';
import { merchantIdParam, numericIdParam } from './admin-params';
import {
  changeSubscriptionStatusSchema,
  createPlanSchema,
  createSubscriptionSchema,
  type ChangeSubscriptionStatusBody,
  type CreatePlanBody,
  type CreateSubscriptionBody,
} from './admin-schemas';
import { validateBody } from './admin-validation';
import { planView, subscriptionView } from './admin-views';
import { knownCurrency, priceAmount } from './catalogue-checks';
import type { WriteSide } from './write-side';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Subscription plans and subscriptions, which the V1 API then reads. */
export function subscriptionRoutes(ctx: ServiceContext, writeSide: WriteSide): Router {
  const router = Router();

  const requireMerchant = async (merchantId: string) => {
    if ((await writeSide.merchant(merchantId)).status === 'none') throw notFound('merchant');
  };

  router.post(
    '/merchants/:merchantId/subscription-plans',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const body = validateBody<CreatePlanBody>(createPlanSchema, req.body);
      await requireMerchant(merchantId);
      const rates = ctx.rates.current();
      const currency = knownCurrency(rates, 'currency', body.currency);
      const now = ctx.clock.now().toISOString();
      const plan: PlanTerms = {
        planId: newNumericId(),
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
      };
      const reply = await ctx.commands.send(streamIdOf('plan', plan.planId), merchantId, {
        type: 'CreateSubscriptionPlan',
        data: plan,
        metadata: { now },
      });
      if (!reply.ok) throw commandRefused(reply.error);
      res.status(201).json(planView(plan));
    }),
  );

  router.post(
    '/merchants/:merchantId/subscriptions',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const body = validateBody<CreateSubscriptionBody>(createSubscriptionSchema, req.body);
      await requireMerchant(merchantId);
      const plan = await writeSide.plan(body.subscription_plan_id);
      if (plan.status === 'none' || plan.terms.merchantId !== merchantId) {
        throw new AdminError(
          404,
          `subscription plan ${body.subscription_plan_id} not found for this merchant`,
        );
      }
      const now = ctx.clock.now();
      const subscription: SubscriptionTerms = {
        subscriptionId: newNumericId(),
        planId: plan.terms.planId,
        merchantId,
        subscriberEmail: body.email,
        createdAt: now.toISOString(),
        expireDate: new Date(now.getTime() + plan.terms.intervalDay * DAY_MS).toISOString(),
      };
      const reply = await ctx.commands.send(
        streamIdOf('subscription', subscription.subscriptionId),
        merchantId,
        {
          type: 'CreateSubscription',
          data: subscription,
          metadata: { now: subscription.createdAt },
        },
      );
      if (!reply.ok) throw commandRefused(reply.error);
      res.status(201).json(subscriptionView(subscription, 'active', subscription.createdAt));
    }),
  );

  router.patch(
    '/subscriptions/:subscriptionId',
    asyncRoute(async (req, res) => {
      const subscriptionId = numericIdParam(req.params.subscriptionId, 'subscription');
      const { status } = validateBody<ChangeSubscriptionStatusBody>(changeSubscriptionStatusSchema, req.body);
      const current = await writeSide.subscription(subscriptionId);
      if (current.status === 'none') throw notFound('subscription');
      const now = ctx.clock.now().toISOString();
      const reply = await ctx.commands.send(
        streamIdOf('subscription', subscriptionId),
        current.terms.merchantId,
        {
          type: 'ChangeSubscriptionStatus',
          data: { status },
          metadata: { now },
        },
      );
      if (!reply.ok) throw commandRefused(reply.error);
      const updatedAt = reply.eventTypes.length > 0 ? now : current.updatedAt;
      res.json(subscriptionView(current.terms, status, updatedAt));
    }),
  );

  return router;
}
