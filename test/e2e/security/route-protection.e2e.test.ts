import { routesOf, type RouteEntry } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../../support/gateway';

/**
 * Routes anyone may call. Everything else a service mounts must refuse a caller without credentials, so a
 * new route that forgets its auth middleware fails here until it is protected or listed with a reason.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /v1/status': 'spec: unauthenticated',
  'GET /v1/currencies': 'spec: unauthenticated',
  'GET /v1/full-currencies': 'spec: unauthenticated',
  'GET /v1/estimate': 'spec: unauthenticated',
  'GET /v1/min-amount': 'spec: unauthenticated (a valid key only picks the default currency_to)',
  'GET /beta/v1/common/currencies': 'spec: unauthenticated',
  'GET /beta/v1/common/fiats': 'spec: unauthenticated',
  'GET /beta/v1/common/prices': 'spec: unauthenticated',
  'GET /beta/v1/common/networks': 'spec: unauthenticated',
  'GET /beta/v1/common/monitor': 'spec: unauthenticated',
  'GET /docs': 'API reference',
  'GET /docs/': 'API reference',
  'GET /docs/docs.css': 'API reference',
  'GET /docs/v1.json': 'API reference',
  'GET /docs/alpha.json': 'API reference',
  'GET /docs/beta.json': 'API reference',
  'GET /docs/admin.json': 'API reference (the admin API itself stays behind its token)',
  'GET /docs/sandbox.json': 'API reference',
  'GET /docs/docs.js': 'API reference',
  'GET /docs/assets/swagger-ui.css': 'API reference asset',
  'GET /docs/assets/swagger-ui-bundle.js': 'API reference asset',
  'GET /invoice/:invoiceId': 'hosted page for the buyer',
  'POST /invoice/:invoiceId': 'hosted page: the buyer picks a currency (CSRF token checked)',
  'GET /pay/:uuid': 'hosted page for the buyer',
  'GET /pay/:uuid/status.json': 'hosted page live status',
  'GET /pay/:uuid/qr.svg': 'hosted page QR code',
  'GET /pay/static/:uuid/qr.svg': "a static address's QR code (the address, public by nature)",
  'GET /static/checkout/checkout.js': 'hosted page asset',
  'GET /static/coins/:file': 'hosted page asset',
  'GET /dashboard/sign-in': 'the dashboard sign-in form',
  'POST /dashboard/sign-in': 'the dashboard sign-in (CSRF token checked, rate-limited)',
  'GET /dashboard/assets/dashboard.js': "the dashboard's live-update script: code only, no merchant data",
};

type Credentials = 'none' | 'wrong';

/** The refusal each family answers with, in its own error shape. */
const FAMILIES: {
  prefix: string;
  wrongCredentials: Record<string, string>;
  refusal: (credentials: Credentials) => { statuses: number[]; body: Record<string, unknown> };
}[] = [
  {
    prefix: '/v1/',
    wrongCredentials: { 'x-api-key': 'not-a-key' },
    refusal: (credentials) =>
      credentials === 'none'
        ? { statuses: [401], body: { status: false, statusCode: 401, code: 'AUTH_REQUIRED' } }
        : { statuses: [403], body: { status: false, statusCode: 403, code: 'INVALID_API_KEY' } },
  },
  {
    prefix: '/alpha/v1/',
    wrongCredentials: { merchant: '8b03432e-0000-4000-8000-000000000001', sign: '0'.repeat(32) },
    refusal: () => ({ statuses: [401], body: { message: 'Invalid Sign.' } }),
  },
  {
    // Upstream's v2 resend (pyCryptomusAPI resend_payment_webhook), signed like every family A call.
    prefix: '/alpha/v2/',
    wrongCredentials: { merchant: '8b03432e-0000-4000-8000-000000000001', sign: '0'.repeat(32) },
    refusal: () => ({ statuses: [401], body: { message: 'Invalid Sign.' } }),
  },
  {
    prefix: '/beta/v1/',
    wrongCredentials: { merchant_api_key: 'not-a-key' },
    refusal: () => ({
      statuses: [401],
      body: {
        data: {},
        status: 401,
        version: '1.0.0',
        error: expect.objectContaining({ type: 'authentication_error' }),
      },
    }),
  },
  {
    prefix: '/sandbox/v1/',
    wrongCredentials: { 'x-api-key': 'not-a-key' },
    refusal: (credentials) =>
      credentials === 'none'
        ? { statuses: [401], body: { statusCode: 401, error: 'Unauthorized' } }
        : { statuses: [403], body: { statusCode: 403, error: 'Forbidden' } },
  },
  {
    prefix: '/admin/v1/',
    wrongCredentials: { authorization: 'Bearer not-the-admin-token' },
    refusal: () => ({ statuses: [401], body: { statusCode: 401, error: 'Unauthorized' } }),
  },
];

/** The dashboard's pages answer a browser without a session with the way to the sign-in form. */
const DASHBOARD = {
  prefix: '/dashboard',
  wrongCredentials: { cookie: `dashboard_session=${'A'.repeat(43)}` },
};

const label = ({ method, path }: RouteEntry) => `${method} ${path}`;
const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, '1');

describe('every route refuses callers without valid credentials', () => {
  let gateway: TestGateway;
  let routes: RouteEntry[];

  beforeAll(async () => {
    gateway = await startTestGateway();
    routes = gateway.gateway.services.flatMap((service) => (service.router ? routesOf(service.router) : []));
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it('finds the routes of every HTTP service', () => {
    const prefixes = new Set(routes.map(({ path }) => path.split('/')[1]));
    expect([...prefixes].sort()).toEqual([
      'admin',
      'alpha',
      'beta',
      'dashboard',
      'docs',
      'invoice',
      'pay',
      'sandbox',
      'static',
      'v1',
    ]);
  });

  it('lists only routes that exist as public', () => {
    const mounted = new Set(routes.map(label));
    expect(Object.keys(PUBLIC_ROUTES).filter((route) => !mounted.has(route))).toEqual([]);
  });

  it.each<Credentials>(['none', 'wrong'])(
    'answers 401/403 in the family shape with %s credentials',
    async (credentials) => {
      const protectedRoutes = routes.filter((route) => !(label(route) in PUBLIC_ROUTES));
      expect(protectedRoutes.length).toBeGreaterThan(20);
      const failures: string[] = [];
      for (const route of protectedRoutes) {
        if (route.path.startsWith(DASHBOARD.prefix)) {
          const response = await fetch(`${gateway.baseUrl}${concrete(route.path)}`, {
            method: route.method,
            redirect: 'manual',
            headers: credentials === 'wrong' ? DASHBOARD.wrongCredentials : {},
          });
          const location = response.headers.get('location');
          if (response.status !== 303 || location !== '/dashboard/sign-in')
            failures.push(`${label(route)}: ${response.status} to ${location} instead of the sign-in form`);
          continue;
        }
        const family = FAMILIES.find(({ prefix }) => route.path.startsWith(prefix));
        if (!family) {
          failures.push(`${label(route)}: no family error shape known for this prefix`);
          continue;
        }
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const response = await fetch(`${gateway.baseUrl}${concrete(route.path)}`, {
          method: route.method,
          headers: {
            ...(credentials === 'wrong' ? family.wrongCredentials : {}),
            ...(withBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(withBody ? { body: '{}' } : {}),
        });
        const { statuses, body } = family.refusal(credentials);
        const text = await response.text();
        if (!statuses.includes(response.status)) {
          failures.push(`${label(route)}: ${response.status} ${text.slice(0, 120)}`);
          continue;
        }
        try {
          expect(JSON.parse(text)).toMatchObject(body);
        } catch {
          failures.push(`${label(route)}: ${response.status} in another shape: ${text.slice(0, 160)}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
