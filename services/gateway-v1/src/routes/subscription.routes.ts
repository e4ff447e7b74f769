import { numericIdIn } from '@gw/contracts';
import { v1Validators } from '@gw/contracts/api/v1';
import { asyncRoute } from '@gw/platform';
import type { Filter, ReadModelCollection, ReadModelDocument } from '@gw/store';
import { COLLECTIONS, type PlanDocument, type SubscriptionDocument } from '@gw/views';
import { Router, type Request } from 'express';
import { merchantOf } from '../http/auth';
import { invalidParams, notFound } from '@gw/families';
import { validatedQuery } from '../http/validation';
import { toPlanRecord, toSubscriptionRecord } from '../records/subscription-records';
import type { V1RouteDeps } from './deps';

/** Read-only subscription plans and subscriptions, listed and one by id (the admin API writes them). */
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

  // Registered after the list so that `/subscriptions/plans` is never read as a subscription id.
  router.get(
    '/subscriptions/plans/:planId',
    auth,
    asyncRoute(async (req: Request<{ planId: string }>, res) => {
      const plans = ctx.readModels.collection<PlanDocument>(COLLECTIONS.plans);
      const plan = await owned(plans, recordIdOf('Plan', req.params.planId), merchantOf(res).merchantId);
      if (!plan) throw notFound('subscription plan not found');
      res.json({ result: toPlanRecord(plan) });
    }),
  );

  router.get(
    '/subscriptions/:subscriptionId',
    auth,
    asyncRoute(async (req: Request<{ subscriptionId: string }>, res) => {
      const subscriptions = ctx.readModels.collection<SubscriptionDocument>(COLLECTIONS.subscriptions);
      const id = recordIdOf('Subscription', req.params.subscriptionId);
      const subscription = await owned(subscriptions, id, merchantOf(res).merchantId);
      if (!subscription) throw notFound('subscription not found');
      res.json({ result: toSubscriptionRecord(subscription) });
    }),
  );

  return router;
}

function recordIdOf(what: string, raw: string): string {
  const id = numericIdIn(raw);
  if (id === null) throw invalidParams(`${what} id must be a number`);
  return String(id);
}

/** By document id, then the owner: another merchant's record answers exactly as a missing one. */
async function owned<T extends ReadModelDocument & { merchantId: string }>(
  collection: ReadModelCollection<T>,
  id: string,
  merchantId: string,
): Promise<T | null> {
  const doc = await collection.get(id);
  return doc && doc.merchantId === merchantId ? doc : null;
}
