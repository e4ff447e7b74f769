import { pageSecurityHeaders } from '@gw/platform';
import { MerchantDirectory, type ServiceContext } from '@gw/application';
import express, { Router } from 'express';
import { DASHBOARD_STYLE_CSP_SOURCE } from './assets';
import { dashboardErrorHandler, sendNotFound } from './http/responses';
import { requireSession } from './http/signed-in';
import { DashboardSessions } from './session/dashboard-session';
import { DASHBOARD_PATH } from './session/session-cookie';

const MINUTE_MS = 60_000;

/** What the pages of a dashboard router are built with. */
export interface DashboardParts {
  sessions: DashboardSessions;
  directory: MerchantDirectory;
  lifetimeMs: number;
}

export interface DashboardPageRoutes {
  /** Pages anyone may open (the sign-in form). */
  open?: (parts: DashboardParts) => Router;
  /** Pages behind the session guard: a live session, and the session's CSRF token on every post. */
  signedIn: (parts: DashboardParts) => Router[];
}

/**
 * Dashboard pages as every service that serves some of them mounts them: the checkout's CSP and
 * headers, form parsing, the session guard, one not-found page and one error handler. The dashboard
 * serves most pages; the notifier serves the webhook pages beside the delivery log it owns. Sessions
 * are in the cache port, so a session started on one serves on the other.
 */
export function dashboardPages(ctx: ServiceContext, routes: DashboardPageRoutes): Router {
  const lifetimeMs = ctx.config.dashboard.sessionMinutes * MINUTE_MS;
  const parts: DashboardParts = {
    sessions: new DashboardSessions(ctx.cache, ctx.clock, lifetimeMs),
    directory: new MerchantDirectory(ctx.readModels, ctx.secrets),
    lifetimeMs,
  };
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
  if (routes.open) router.use(routes.open(parts));
  router.use(DASHBOARD_PATH, requireSession(ctx, parts.sessions, parts.directory));
  for (const pages of routes.signedIn(parts)) router.use(pages);
  router.use(DASHBOARD_PATH, sendNotFound);
  router.use(DASHBOARD_PATH, dashboardErrorHandler(ctx));
  return router;
}
