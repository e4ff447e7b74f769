import { Router } from 'express';
import { jsonBody } from '@gw/platform';
import { ReadSide, type ServiceContext } from '@gw/application';
import { requireAdminToken } from './admin-auth';
import { adminErrorHandler, errorBody } from './admin-errors';
import { merchantRoutes } from './merchant-routes';
import { outboxRoutes } from './outbox-routes';
import { paymentRoutes } from './payment-routes';
import { subscriptionRoutes } from './subscription-routes';
import { walletRoutes } from './wallet-routes';

export const ADMIN_PREFIX = '/admin/v1';

/** Everything under /admin/v1: the token check first, then JSON bodies, the routes, and one error handler. */
export function createAdminRouter(ctx: ServiceContext): Router {
  const readSide = new ReadSide(ctx.readModels);
  const admin = Router();
  admin.use(requireAdminToken(ctx.config.adminToken));
  admin.use(jsonBody({ limitBytes: ctx.config.bodyLimitBytes }));
  admin.use(merchantRoutes(ctx, readSide));
  admin.use(walletRoutes(ctx, readSide));
  admin.use(subscriptionRoutes(ctx));
  admin.use(paymentRoutes(ctx));
  admin.use(outboxRoutes(ctx));
  admin.use((_req, res) => {
    res.status(404).json(errorBody(404, 'No such admin endpoint'));
  });
  admin.use(adminErrorHandler(ctx.logger));

  const router = Router();
  router.use(ADMIN_PREFIX, admin);
  return router;
}
