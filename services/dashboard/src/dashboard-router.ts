import type { ServiceContext } from '@gw/runtime';
import type { Router } from 'express';
import { dashboardPages } from './dashboard-pages';
import { overviewRoutes } from './http/overview-routes';
import { paymentRoutes } from './http/payment-routes';
import { settingsRoutes } from './http/settings-routes';
import { walletRoutes } from './http/wallet-routes';
import { sessionRoutes, signInRoutes } from './http/sign-in-routes';

/** Everything under /dashboard but the webhook pages, which the notifier serves. */
export function createDashboardRouter(ctx: ServiceContext): Router {
  return dashboardPages(ctx, {
    open: ({ sessions, directory, lifetimeMs }) => signInRoutes(ctx, sessions, directory, lifetimeMs),
    signedIn: ({ sessions, directory }) => [
      sessionRoutes(ctx, sessions, directory),
      overviewRoutes(ctx),
      paymentRoutes(ctx),
      walletRoutes(ctx),
      settingsRoutes(ctx, sessions),
    ],
  });
}
