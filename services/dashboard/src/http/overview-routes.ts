import { asyncRoute } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import { Router } from 'express';
import type { LivePosition } from '../live/live-hub';
import { dailyTotals } from '../overview/daily-totals';
import { LATEST_SHOWN, renderOverviewPage } from '../views/overview-page';
import { merchantOf, signedInOf } from '@gw/dashboard-shell';

const DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A bound on the page's cost whatever the store holds: a busier merchant sees the latest ones. */
const MAX_READ = 20_000;

/** `/dashboard`: payments and money received per day and currency, as server-drawn charts. */
export function overviewRoutes(ctx: ServiceContext, live: LivePosition): Router {
  const router = Router();
  router.get(
    '/dashboard',
    asyncRoute(async (_req, res) => {
      const merchant = merchantOf(res);
      const livePosition = live.position;
      const now = ctx.clock.now();
      const since = new Date(now.getTime() - DAYS * DAY_MS).toISOString();
      const payments = await ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
        filter: { merchantId: merchant.merchantId, createdAt: { $gte: since } },
        sort: [['createdAt', -1]],
        limit: MAX_READ,
      });
      res.type('html').send(
        renderOverviewPage({
          chrome: signedInOf(res).chrome('overview'),
          merchantId: merchant.merchantId,
          livePosition,
          latest: await ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments).find({
            filter: { merchantId: merchant.merchantId },
            sort: [['paymentId', -1]],
            limit: LATEST_SHOWN,
          }),
          days: dailyTotals(payments, now, DAYS),
          truncatedAt: payments.length === MAX_READ ? MAX_READ : null,
        }),
      );
    }),
  );
  return router;
}
