import { pageSecurityHeaders } from '@gw/platform';
import { MerchantDirectory, type ServiceContext } from '@gw/runtime';
import express, { Router } from 'express';
import { DASHBOARD_STYLE_CSP_SOURCE } from './assets';
import { paymentRoutes } from './http/payment-routes';
import { dashboardErrorHandler, sendNotFound } from './http/responses';
import { requireSession } from './http/signed-in';
import { sessionRoutes, signInRoutes } from './http/sign-in-routes';
import { DashboardSessions } from './session/dashboard-session';
import { DASHBOARD_PATH } from './session/session-cookie';

const MINUTE_MS = 60_000;

/** Everything under /dashboard: security headers and form parsing, the sign-in, then the signed-in pages. */
export function createDashboardRouter(ctx: ServiceContext): Router {
  const lifetimeMs = ctx.config.dashboard.sessionMinutes * MINUTE_MS;
  const sessions = new DashboardSessions(ctx.cache, ctx.clock, lifetimeMs);
  const directory = new MerchantDirectory(ctx.readModels, ctx.cache, ctx.secrets);

  const router = Router();
  router.use(
    DASHBOARD_PATH,
    pageSecurityHeaders({ csp: { 'style-src': [DASHBOARD_STYLE_CSP_SOURCE] } }),
    (_req, res, next) => {
      // Same-origin, so Chromium's form posts carry an Origin we can check; nothing leaks to other sites.
      res.setHeader('Referrer-Policy', 'same-origin');
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 200 }),
  );
  router.use(signInRoutes(ctx, sessions, directory, lifetimeMs));
  router.use(DASHBOARD_PATH, requireSession(ctx, sessions, directory));
  router.use(sessionRoutes(ctx, sessions, directory));
  router.get(DASHBOARD_PATH, (_req, res) => res.redirect(303, '/dashboard/payments'));
  router.use(paymentRoutes(ctx));
  router.use(DASHBOARD_PATH, sendNotFound);
  router.use(DASHBOARD_PATH, dashboardErrorHandler(ctx));
  return router;
}
