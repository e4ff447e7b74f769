import type { ServiceContext } from '@gw/application';
import { Router } from 'express';
import { dashboardPages } from '@gw/dashboard-shell';
import { assetRoutes } from './http/asset-routes';
import { liveRoutes } from './http/live-routes';
import { outboxRoutes } from './http/outbox-routes';
import { overviewRoutes } from './http/overview-routes';
import { paymentRoutes } from './http/payment-routes';
import { refundRoutes } from './http/refund-routes';
import { settingsRoutes } from './http/settings-routes';
import { subscriptionRoutes } from './http/subscription-routes';
import { walletRoutes } from './http/wallet-routes';
import { sessionRoutes, signInRoutes } from './http/sign-in-routes';
import type { LiveHub } from './live/live-hub';

/** Everything under /dashboard but the webhook pages, which the notifier serves. */
export function createDashboardRouter(ctx: ServiceContext, live: LiveHub): Router {
  return dashboardPages(ctx, {
    open: ({ sessions, directory, lifetimeMs }) =>
      Router().use(assetRoutes(), signInRoutes(ctx, sessions, directory, lifetimeMs)),
    signedIn: ({ sessions, directory }) => [
      sessionRoutes(ctx, sessions, directory),
      overviewRoutes(ctx, live),
      paymentRoutes(ctx, live),
      refundRoutes(ctx),
      liveRoutes(live),
      walletRoutes(ctx),
      settingsRoutes(ctx, sessions),
      subscriptionRoutes(ctx),
      outboxRoutes(ctx),
    ],
  });
}
