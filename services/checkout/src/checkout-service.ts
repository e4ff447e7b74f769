import type { Service, ServiceContext } from '@gw/application';
import { createCheckoutRouter, type CheckoutRouterOptions } from './checkout-router';

/**
 * The hosted pages buyers see: `/invoice/<id>` to pick a currency for a V1 invoice, `/pay/<uuid>` for
 * any payment (family A `url`, family B `payment_url`), their live status, QR codes and static assets.
 * Stateless: it reads the read models and sends commands, so several instances can serve side by side.
 */
export function createCheckoutService(ctx: ServiceContext, options: CheckoutRouterOptions = {}): Service {
  return {
    name: 'checkout',
    async start() {},
    async stop() {},
    router: createCheckoutRouter(ctx, options),
  };
}
