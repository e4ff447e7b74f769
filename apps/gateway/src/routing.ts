import type { ServiceName } from '@gw/platform';

/**
 * Which service answers a public path when every service runs apart: the one table the Ingress, the
 * docker-compose proxy and the multi-process tests route by. The longest matching prefix wins, so the
 * notifier's webhook routes inside the family prefixes reach the notifier.
 */
export const ROUTES: readonly { prefix: string; service: Exclude<ServiceName, 'all'>; exact?: boolean }[] = [
  { prefix: '/admin/v1/webhooks', service: 'notifier' },
  { prefix: '/dashboard/webhooks', service: 'notifier' },
  { prefix: '/admin/v1', service: 'admin' },
  { prefix: '/v1/ipn/test', service: 'notifier', exact: true },
  { prefix: '/v1', service: 'gateway-v1' },
  { prefix: '/alpha/v1/test-webhook/payment', service: 'notifier', exact: true },
  { prefix: '/alpha/v1/payment/resend', service: 'notifier', exact: true },
  { prefix: '/alpha/v1/test-webhook/wallet', service: 'notifier', exact: true },
  // pyCryptomusAPI's resend_payment_webhook calls upstream's v2 path.
  { prefix: '/alpha/v2/payment/resend', service: 'notifier', exact: true },
  { prefix: '/alpha/v1', service: 'gateway-alpha' },
  { prefix: '/beta/v1/webhook/test', service: 'notifier', exact: true },
  { prefix: '/beta/v1', service: 'gateway-beta' },
  { prefix: '/sandbox/v1', service: 'chain' },
  { prefix: '/invoice', service: 'checkout' },
  { prefix: '/pay', service: 'checkout' },
  { prefix: '/static/checkout', service: 'checkout' },
  { prefix: '/static/coins', service: 'checkout' },
  { prefix: '/docs', service: 'docs' },
  { prefix: '/dashboard', service: 'dashboard' },
];

const BY_LENGTH = [...ROUTES].sort((a, b) => b.prefix.length - a.prefix.length);

/** The service for a request path, or null when no service serves it. */
export function serviceForPath(pathname: string): Exclude<ServiceName, 'all'> | null {
  const match = BY_LENGTH.find(
    ({ prefix, exact }) => pathname === prefix || (!exact && pathname.startsWith(`${prefix}/`)),
  );
  return match?.service ?? null;
}
