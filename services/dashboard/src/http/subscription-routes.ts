import { numericIdIn } from '@gw/contracts';
import { asyncRoute } from '@gw/platform';
import {
  changeSubscriptionStatus,
  createSubscriptionPlan,
  InvalidInputError,
  MerchantCommandError,
  subscribeToPlan,
  type ServiceContext,
} from '@gw/application';
import { COLLECTIONS, type MerchantDocument, type PlanDocument, type SubscriptionDocument } from '@gw/views';
import { Router, type Request, type Response } from 'express';
import { emptyForm, type FormState } from '../views/form-field';
import {
  PLAN_URL_FIELDS,
  renderSubscriptionsPage,
  type SubscriptionsView,
} from '../views/subscriptions-page';
import { sendNotFound, merchantOf, signedInOf } from '@gw/dashboard-shell';

const LISTED = 200;
const PLAN_FIELDS = ['title', 'amount', 'currency', 'interval_day', ...PLAN_URL_FIELDS.map(([name]) => name)];
const SUBSCRIPTION_FIELDS = ['subscription_plan_id', 'email'];

/**
 * Subscription plans and subscriptions of the signed-in merchant: listed, created and their status
 * changed through the same runtime functions as the admin API (so the CLI): one schema, one catalogue
 * rule, the same commands. A refusal is shown beside the field it is about.
 */
export function subscriptionRoutes(ctx: ServiceContext): Router {
  const router = Router();

  async function send(
    res: Response,
    merchant: MerchantDocument,
    extra: Partial<Omit<SubscriptionsView, 'chrome' | 'plans' | 'subscriptions'>> & { status?: number } = {},
  ) {
    const byMerchant = {
      filter: { merchantId: merchant.merchantId },
      sort: [['createdAt', -1]] as [string, -1][],
      limit: LISTED,
    };
    const [plans, subscriptions] = await Promise.all([
      ctx.readModels.collection<PlanDocument>(COLLECTIONS.plans).find(byMerchant),
      ctx.readModels.collection<SubscriptionDocument>(COLLECTIONS.subscriptions).find(byMerchant),
    ]);
    res
      .status(extra.status ?? 200)
      .type('html')
      .send(
        renderSubscriptionsPage({
          chrome: signedInOf(res).chrome('subscriptions'),
          plans,
          subscriptions,
          planForm: extra.planForm ?? emptyForm(),
          subscriptionForm: extra.subscriptionForm ?? emptyForm(),
          message: extra.message ?? null,
          error: extra.error ?? null,
        }),
      );
  }

  router.get(
    '/dashboard/subscriptions',
    asyncRoute(async (_req, res) => send(res, merchantOf(res))),
  );

  router.post(
    '/dashboard/subscriptions/plans',
    asyncRoute(async (req, res) => {
      const merchant = merchantOf(res);
      const values = formValues(req, PLAN_FIELDS);
      try {
        const input = withWholeNumber(values, 'interval_day');
        const plan = await createSubscriptionPlan(ctx, merchant.merchantId, input);
        req.log.info(
          { merchantId: merchant.merchantId, planId: plan.planId },
          'plan created from the dashboard',
        );
        return send(res, merchant, { message: `Plan ${plan.planId} "${plan.title}" created.` });
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        const { form, error: alert } = refused(PLAN_FIELDS, values, error);
        return send(res, merchant, { status: 422, planForm: form, error: alert });
      }
    }),
  );

  router.post(
    '/dashboard/subscriptions',
    asyncRoute(async (req, res) => {
      const merchant = merchantOf(res);
      const values = formValues(req, SUBSCRIPTION_FIELDS);
      try {
        const input = withWholeNumber(values, 'subscription_plan_id');
        const subscription = await subscribeToPlan(ctx, merchant.merchantId, input);
        req.log.info(
          { merchantId: merchant.merchantId, subscriptionId: subscription.subscriptionId },
          'subscription created from the dashboard',
        );
        return send(res, merchant, {
          message: `${subscription.subscriberEmail} is subscribed (subscription ${subscription.subscriptionId}).`,
        });
      } catch (error) {
        // Another merchant's plan is "not found", as the admin API says it.
        const invalid =
          error instanceof MerchantCommandError && error.code === 'NOT_FOUND'
            ? new InvalidInputError([{ field: 'subscription_plan_id', message: error.message }])
            : error;
        if (!(invalid instanceof InvalidInputError)) throw error;
        const { form, error: alert } = refused(SUBSCRIPTION_FIELDS, values, invalid);
        return send(res, merchant, { status: 422, subscriptionForm: form, error: alert });
      }
    }),
  );

  router.post(
    '/dashboard/subscriptions/:subscriptionId/status',
    asyncRoute(async (req: Request<{ subscriptionId: string }>, res) => {
      const merchant = merchantOf(res);
      if (numericIdIn(req.params.subscriptionId) === null) return sendNotFound(req, res);
      const subscriptionId = Number(req.params.subscriptionId);
      const { status } = formValues(req, ['status']);
      try {
        const changed = await changeSubscriptionStatus(ctx, subscriptionId, { status }, merchant.merchantId);
        return send(res, merchant, { message: `Subscription ${subscriptionId} is ${changed.status}.` });
      } catch (error) {
        if (error instanceof MerchantCommandError && error.code === 'NOT_FOUND')
          return sendNotFound(req, res);
        if (error instanceof InvalidInputError || error instanceof MerchantCommandError) {
          return send(res, merchant, {
            status: 422,
            error: `Subscription ${subscriptionId}: ${error.message}`,
          });
        }
        throw error;
      }
    }),
  );

  return router;
}

const FIX_BELOW = 'Nothing was saved: fix the fields marked below.';

/** The named text fields of the form as typed (trimmed); anything else the post carries is ignored. */
function formValues(req: Request, names: readonly string[]): Record<string, string> {
  const fields = (req.body ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'string') values[name] = value.trim();
  }
  return values;
}

/** An empty field is a field not given: the schema then says it is required, or leaves an optional one out. */
function presentFields(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/** A form's whole number as the number the schema expects; anything else stays text for the schema to refuse. */
function withWholeNumber(values: Record<string, string>, name: string): Record<string, unknown> {
  const input: Record<string, unknown> = presentFields(values);
  const value = values[name];
  const id = value === undefined ? null : numericIdIn(value);
  if (id !== null) input[name] = id;
  return input;
}

/** Each problem beside its field; one about no field of the form goes in the page's alert. */
function refused(
  names: readonly string[],
  values: Record<string, string>,
  error: InvalidInputError,
): { form: FormState; error: string } {
  const problems: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const { field, message } of error.problems) {
    if (names.includes(field)) problems[field] ??= message;
    else elsewhere.push(message);
  }
  return { form: { values, problems }, error: [FIX_BELOW, ...elsewhere].join(' ') };
}
