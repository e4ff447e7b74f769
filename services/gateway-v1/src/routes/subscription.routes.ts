import { v1Validators } from '@gw/contracts/src/api/v1';
import { asyncRoute } from '@gw/platform';
import type { Filter } from '@gw/store';
import { COLLECTIONS, type PlanDocument, type SubscriptionDocument } from '@gw/views';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { validatedQuery } from '../http/validation';
import { toPlanRecord, toSubscriptionRecord } from '../records/subscription-records';
import type { V1RouteDeps } from './deps';

/** Read-only subscription plans and subscriptions (the admin API writes them). */
export function subscriptionRoutes({ ctx, auth }: V1RouteDeps): Router {
  const router = Router();

  router.get(
    '/subscriptions/plans',
    auth,
    asyncRoute(async (req, res) => {
      const query = validatedQuery(v1Validators.planListQuery, req.query);
      const plans = ctx.readModels.collection<PlanDocument>(COLLECTIONS.plans);
      const filter: Filter = { merchantId: merchantOf(res).merchantId };
      const [count, docs] = await Promise.all([
        plans.count(filter),
        plans.find({ filter, sort: [['createdAt', 1]], skip: query.offset, limit: query.limit }),
      ]);
      res.json({ count, result: docs.map(toPlanRecord) });
    }),
  );

  router.get(
    '/subscriptions',
    auth,
    asyncRoute(async (req, res) => {
      const query = validatedQuery(v1Validators.subscriptionListQuery, req.query);
      const subscriptions = ctx.readModels.collection<SubscriptionDocument>(COLLECTIONS.subscriptions);
      const filter: Filter = { merchantId: merchantOf(res).merchantId };
      if (query.status !== undefined) filter.status = query.status;
      if (query.subscription_plan_id !== undefined) filter.planId = query.subscription_plan_id;
      if (query.is_active !== undefined) filter.isActive = query.is_active === 'true';
      const [count, docs] = await Promise.all([
        subscriptions.count(filter),
        subscriptions.find({ filter, sort: [['createdAt', 1]], skip: query.offset, limit: query.limit }),
      ]);
      res.json({ count, result: docs.map(toSubscriptionRecord) });
    }),
  );

  return router;
}
