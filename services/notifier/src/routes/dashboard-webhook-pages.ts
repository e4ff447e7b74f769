import { asyncRoute } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import { dashboardPages, merchantOf, sendNotFound, signedInOf } from '@gw/dashboard-shell';
import { Router, type Request } from 'express';
import type { Delivery, DeliveryState, RedeliveryOrigin } from '../delivery/delivery';
import type { DeliveryLog } from '../log/delivery-log';
import { parseCursor } from '../log/delivery-keyset';
import { redeliverDead } from '../log/redeliver-dead';
import { DELIVERY_STATES, renderDeliveryList, renderDeliveryPage } from './dashboard-webhook-views';

const PAGE_SIZE = 50;
const COUNT = /^\d{1,9}$/;
const PAYMENT_ID = /^[1-9]\d{0,15}$/;

export interface WebhookPagesDeps {
  log: DeliveryLog;
  redeliver(deliveryId: string, origin: RedeliveryOrigin): Promise<Delivery>;
}

/**
 * The dashboard's webhook pages: the merchant's delivery log with each attempt's request, response and
 * error, and redelivery of one or of every dead webhook through the notifier's own redelivery. Served
 * here because the log and its dispatcher live here; the dashboard's session guard and layout come with
 * `dashboardPages` (@gw/dashboard-shell).
 */
export function dashboardWebhookPages(ctx: ServiceContext, deps: WebhookPagesDeps): Router {
  return dashboardPages(ctx, { signedIn: () => [webhookRoutes(deps)] });
}

function webhookRoutes({ log, redeliver }: WebhookPagesDeps): Router {
  const router = Router();

  /** The merchant's delivery, or null: another merchant's delivery id is simply not found. */
  const ownDelivery = async (req: Request<{ deliveryId: string }>, merchantId: string) => {
    const delivery = await log.get(req.params.deliveryId);
    return delivery?.merchantId === merchantId ? delivery : null;
  };

  router.get(
    '/dashboard/webhooks',
    asyncRoute(async (req, res) => {
      const merchant = merchantOf(res);
      const query = req.query as Record<string, unknown>;
      const problems: string[] = [];
      const text = (name: string) =>
        typeof query[name] === 'string' && query[name] !== '' ? (query[name] as string) : null;
      const rawState = text('state');
      const state =
        rawState !== null && (DELIVERY_STATES as readonly string[]).includes(rawState)
          ? (rawState as DeliveryState)
          : null;
      if (rawState !== null && state === null) problems.push('state must be pending, delivered or dead');
      const rawPayment = text('payment_id');
      const paymentId = rawPayment !== null && PAYMENT_ID.test(rawPayment) ? Number(rawPayment) : null;
      if (rawPayment !== null && paymentId === null) problems.push('payment id must be a number');
      const cursor = (name: 'before' | 'after') => {
        const raw = text(name);
        const parsed = raw === null ? null : parseCursor(raw);
        if (raw !== null && parsed === null) problems.push(`${name} is not a page of this list`);
        return parsed === null ? {} : { [name]: parsed };
      };
      const cursors = { ...cursor('before'), ...cursor('after') };
      const page =
        problems.length > 0
          ? { deliveries: [], older: null, newer: null }
          : await log.page({
              merchantId: merchant.merchantId,
              ...(state === null ? {} : { state }),
              ...(paymentId === null ? {} : { paymentId }),
              limit: PAGE_SIZE,
              ...(cursors.before
                ? { before: cursors.before }
                : cursors.after
                  ? { after: cursors.after }
                  : {}),
            });
      const redelivered = text('redelivered');
      res
        .status(problems.length > 0 ? 400 : 200)
        .type('html')
        .send(
          renderDeliveryList({
            chrome: signedInOf(res).chrome('webhooks'),
            page,
            state,
            paymentId,
            message:
              redelivered !== null && COUNT.test(redelivered)
                ? `${redelivered} dead webhook${redelivered === '1' ? ' is' : 's are'} being sent again.`
                : null,
            problems,
          }),
        );
    }),
  );

  router.post(
    '/dashboard/webhooks/redeliver-dead',
    asyncRoute(async (req, res) => {
      const { merchantId } = merchantOf(res);
      const redelivered = await redeliverDead(log, merchantId, (id) => redeliver(id, 'merchant'));
      req.log.info(
        { merchantId, redelivered: redelivered.length },
        'dead webhooks redelivered from the dashboard',
      );
      res.redirect(303, `/dashboard/webhooks?redelivered=${redelivered.length}`);
    }),
  );

  router.get(
    '/dashboard/webhooks/:deliveryId',
    asyncRoute(async (req: Request<{ deliveryId: string }>, res) => {
      const delivery = await ownDelivery(req, merchantOf(res).merchantId);
      if (!delivery) return sendNotFound(req, res);
      const message = req.query.redelivered === '1' ? 'The webhook is being sent again.' : null;
      res.type('html').send(renderDeliveryPage(signedInOf(res).chrome('webhooks'), delivery, message));
    }),
  );

  router.post(
    '/dashboard/webhooks/:deliveryId/redeliver',
    asyncRoute(async (req: Request<{ deliveryId: string }>, res) => {
      const delivery = await ownDelivery(req, merchantOf(res).merchantId);
      if (!delivery) return sendNotFound(req, res);
      await redeliver(delivery.deliveryId, 'merchant');
      res.redirect(303, `/dashboard/webhooks/${encodeURIComponent(delivery.deliveryId)}?redelivered=1`);
    }),
  );

  return router;
}
