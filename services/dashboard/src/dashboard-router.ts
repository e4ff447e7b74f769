import type { ServiceContext } from '@gw/runtime';
import { Router } from 'express';
import { dashboardPages } from './dashboard-pages';
import { paymentRoutes } from './http/payment-routes';
import { settingsRoutes } from './http/settings-routes';
import { walletRoutes } from './http/wallet-routes';
import { sessionRoutes, signInRoutes } from './http/sign-in-routes';
import { DASHBOARD_PATH } from './session/session-cookie';

/** Everything under /dashboard but the webhook pages, which the notifier serves. */
export function createDashboardRouter(ctx: ServiceContext): Router {
  return dashboardPages(ctx, {
    open: ({ sessions, directory, lifetimeMs }) => signInRoutes(ctx, sessions, directory, lifetimeMs),
    signedIn: ({ sessions, directory }) => [
      sessionRoutes(ctx, sessions, directory),
      Router().get(DASHBOARD_PATH, (_req, res) => res.redirect(303, '/dashboard/payments')),
      paymentRoutes(ctx),
      walletRoutes(ctx),
      settingsRoutes(ctx),
    ],
  });
}
