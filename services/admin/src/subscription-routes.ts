import { Router } from 'express';
import { asyncRoute } from '@gw/platform';
import {
  changeSubscriptionStatus,
  createSubscriptionPlan,
  subscribeToPlan,
  type ServiceContext,
} from '@gw/application';
import { merchantIdParam, numericIdParam } from './admin-params';
import { planView, subscriptionView } from './admin-views';

/** Subscription plans and subscriptions, which the V1 API then reads; the dashboard writes them the same way. */
export function subscriptionRoutes(ctx: ServiceContext): Router {
  const router = Router();

  router.post(
    '/merchants/:merchantId/subscription-plans',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const plan = await createSubscriptionPlan(ctx, merchantId, req.body);
      res.status(201).json(planView(plan));
    }),
  );

  router.post(
    '/merchants/:merchantId/subscriptions',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const subscription = await subscribeToPlan(ctx, merchantId, req.body);
      res.status(201).json(subscriptionView(subscription, 'active', subscription.createdAt));
    }),
  );

  router.patch(
    '/subscriptions/:subscriptionId',
    asyncRoute(async (req, res) => {
      const subscriptionId = numericIdParam(req.params.subscriptionId, 'subscription');
      const changed = await changeSubscriptionStatus(ctx, subscriptionId, req.body, null);
      res.json(subscriptionView(changed.terms, changed.status, changed.updatedAt));
    }),
  );

  return router;
}
