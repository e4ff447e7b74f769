export { dashboardPages, type DashboardPageRoutes, type DashboardParts } from './dashboard-pages';
export { dashboardErrorHandler, sendNotFound } from './http/responses';
export {
  merchantOf,
  NoMerchantChosenError,
  requireSession,
  signedInOf,
  type SignedIn,
} from './http/signed-in';
export {
  DashboardSessions,
  keyStillOpens,
  type DashboardSession,
  type Principal,
} from './session/dashboard-session';
export {
  clearSessionCookie,
  DASHBOARD_PATH,
  isHttps,
  SESSION_COOKIE,
  sessionIdOf,
  setSessionCookie,
} from './session/session-cookie';
export { amount, filterActions, scrollingTable, statusBadge, testBadge, when } from './views/format';
export { csrfField, notice, renderPage, type Chrome, type Page, type Section } from './views/layout';
export { renderMessagePage } from './views/message-page';
