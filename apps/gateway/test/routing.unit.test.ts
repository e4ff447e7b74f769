import { serviceForPath } from '../src/routing';

describe('routing a public path to its service', () => {
  it.each([
    ['/v1/payment', 'gateway-v1'],
    ['/v1/status', 'gateway-v1'],
    ['/v1/ipn/test', 'notifier'],
    ['/alpha/v1/payment/info', 'gateway-alpha'],
    ['/alpha/v1/payment/resend', 'notifier'],
    ['/alpha/v1/test-webhook/wallet', 'notifier'],
    ['/alpha/v2/payment/resend', 'notifier'],
    ['/alpha/v1/test-webhook/payment', 'notifier'],
    ['/beta/v1/payment/invoice', 'gateway-beta'],
    ['/beta/v1/webhook/test', 'notifier'],
    ['/admin/v1/merchants', 'admin'],
    ['/admin/v1/webhooks/redeliver-dead', 'notifier'],
    ['/sandbox/v1/deposits', 'chain'],
    ['/invoice/123', 'checkout'],
    ['/pay/0b5e7b0c-0000-4000-8000-000000000000/status.json', 'checkout'],
    ['/static/coins/btc.svg', 'checkout'],
    ['/docs', 'docs'],
    ['/docs/v1.json', 'docs'],
    ['/dashboard', 'dashboard'],
    ['/dashboard/payments/123', 'dashboard'],
    ['/dashboard/webhooks', 'notifier'],
    ['/dashboard/webhooks/d-1/redeliver', 'notifier'],
  ])('%s goes to %s', (path, service) => {
    expect(serviceForPath(path)).toBe(service);
  });

  it('matches whole path segments only', () => {
    expect(serviceForPath('/v10/payment')).toBeNull();
    expect(serviceForPath('/payment')).toBeNull();
    expect(serviceForPath('/invoices')).toBeNull();
    expect(serviceForPath('/dashboards')).toBeNull();
  });
});
