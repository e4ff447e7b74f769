import { asyncRoute, DoubleSubmitToken } from '@gw/platform';
import { rateLimit, type MerchantDirectory, type ServiceContext } from '@gw/application';
import { Router, type RequestHandler } from 'express';
import {
  type DashboardSessions,
  clearSessionCookie,
  DASHBOARD_PATH,
  isHttps,
  sessionIdOf,
  setSessionCookie,
  renderMessagePage,
  signedInOf,
} from '@gw/dashboard-shell';
import { principalFor } from '../session/sign-in';
import { renderSignInPage } from '../views/sign-in-page';

/** Before there is a session, the sign-in form carries a double-submit token, so no other site can sign a browser in. */
const signInFormToken = new DoubleSubmitToken('dashboard_csrf', DASHBOARD_PATH);

/** The sign-in form and its post: a merchant's API key or the admin token becomes a session cookie. */
export function signInRoutes(
  ctx: ServiceContext,
  sessions: DashboardSessions,
  directory: MerchantDirectory,
  lifetimeMs: number,
): Router {
  const router = Router();
  const { baseUrl } = ctx.config;
  const signInLimit = rateLimit({
    cache: ctx.cache,
    refusals: ctx.rateLimitRefusals,
    clock: ctx.clock,
    family: 'dashboard-sign-in',
    limitPerMinute: ctx.config.dashboard.signInsPerMinute,
    // Every attempt counts against the caller's address: the key it tries is what is being guessed.
    merchantIdOf: async () => null,
    renderRejection: (req, res, { retryAfterSeconds }) => {
      const token = signInFormToken.issue(req, res, isHttps(req, baseUrl));
      res
        .status(429)
        .type('html')
        .send(
          renderSignInPage(token, `Too many sign-in attempts. Try again in ${retryAfterSeconds} seconds.`),
        );
    },
    onStoreError: (error) => ctx.logger.warn({ err: error }, 'dashboard sign-in limiter unavailable'),
  });

  router.get('/dashboard/sign-in', (req, res) => {
    res.type('html').send(renderSignInPage(signInFormToken.issue(req, res, isHttps(req, baseUrl)), null));
  });

  router.post(
    '/dashboard/sign-in',
    signInLimit,
    asyncRoute(async (req, res) => {
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const again = (status: number, error: string) =>
        res
          .status(status)
          .type('html')
          .send(renderSignInPage(signInFormToken.issue(req, res, isHttps(req, baseUrl)), error));
      const submittedToken = typeof fields.csrf === 'string' ? fields.csrf : null;
      if (!signInFormToken.isGenuine(req, submittedToken, baseUrl)) {
        return again(403, 'The sign-in form expired. Please try again.');
      }
      const key = typeof fields.key === 'string' ? fields.key.trim() : '';
      if (key === '') return again(422, 'Enter your API key.');
      const principal = await principalFor(key, directory, ctx.config.adminToken);
      if (principal === null) return again(401, 'That key does not open any dashboard.');
      const previous = sessionIdOf(req);
      if (previous) await sessions.end(previous);
      const sessionId = await sessions.start(
        principal,
        principal.kind === 'merchant' ? principal.merchantId : null,
      );
      setSessionCookie(req, res, sessionId, lifetimeMs, baseUrl);
      req.log.info(
        {
          principal: principal.kind,
          merchantId: principal.kind === 'merchant' ? principal.merchantId : null,
        },
        'dashboard sign-in',
      );
      res.redirect(303, '/dashboard');
    }),
  );

  return router;
}

/** Sign-out and, for the operator, the merchant switcher; both behind the session guard. */
export function sessionRoutes(
  ctx: ServiceContext,
  sessions: DashboardSessions,
  directory: MerchantDirectory,
): Router {
  const router = Router();

  router.post(
    '/dashboard/sign-out',
    asyncRoute(async (req, res) => {
      await sessions.end(signedInOf(res).sessionId);
      clearSessionCookie(req, res, ctx.config.baseUrl);
      res.redirect(303, '/dashboard/sign-in');
    }),
  );

  router.post(
    '/dashboard/merchant',
    operatorOnly,
    asyncRoute(async (req, res) => {
      const { sessionId, session } = signedInOf(res);
      const merchantId = (req.body as Record<string, unknown>).merchant_id;
      const merchant = typeof merchantId === 'string' ? await directory.byId(merchantId) : null;
      if (merchant) await sessions.switchMerchant(sessionId, session, merchant.merchantId);
      res.redirect(303, '/dashboard');
    }),
  );

  return router;
}

const operatorOnly: RequestHandler = (_req, res, next) => {
  if (signedInOf(res).session.principal.kind === 'admin') return next();
  res
    .status(403)
    .type('html')
    .send(renderMessagePage('Not allowed', 'Only the operator switches between merchants.'));
};
